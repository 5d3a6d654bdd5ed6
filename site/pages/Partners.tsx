/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/** Partners (docs/pages.md#partners): the partnership inquiry form (<kyb-partnership-form>), with a mailto fallback. */
import { PARTNERSHIP_TYPES } from '../../shared/rules/forms.ts';
import { Feature, Fallback, Hero, Section } from '../components/ui.tsx';
import { POLICY } from '../content/faq.ts';
import { mailto } from './sections.tsx';

const WHY = [
  { icon: 'users' as const, title: 'A community that buys with intention', text: 'Clients who care where their products come from and read every label.' },
  { icon: 'leaf' as const, title: 'Shared standards', text: 'We partner with makers who are clean, ethical and honest about their ingredients.' },
  { icon: 'sparkle' as const, title: 'Real collaboration', text: 'Co-created products, studio events, content and affiliate programmes.' },
];

export function Partners() {
  return (
    <>
      <Hero
        tone="forest"
        eyebrow="Join Our Eco System"
        title="Grow with KYB"
        lead="We work with affiliates, suppliers, vendors and brands who share our belief that hair care should heal, not harm."
        compact
      />
      <Section id="why-partner" title="Why partner with us" center>
        <div class="grid grid--3">
          {WHY.map((w) => (
            <Feature icon={w.icon} title={w.title}>
              <p>{w.text}</p>
            </Feature>
          ))}
        </div>
      </Section>
      <Section id="inquiry" tone="sand" title="Partnership inquiry" intro={`Tell us about you and your idea. We reply within ${POLICY.partnershipReply}.`}>
        <div class="container--narrow form-wrap">
          <kyb-partnership-form>
            <Fallback class="card card--padded">
              <p>Send us an e-mail with:</p>
              <ul class="plain-list">
                <li>your full name and e-mail address;</li>
                <li>your company or brand name;</li>
                <li>the kind of partnership: {PARTNERSHIP_TYPES.map((t) => t.label).join(', ')};</li>
                <li>a few lines about your idea.</li>
              </ul>
              <p>
                <a class="btn btn--primary" href={mailto('Partnership inquiry')}>
                  E-mail a partnership inquiry
                </a>
              </p>
            </Fallback>
          </kyb-partnership-form>
        </div>
      </Section>
    </>
  );
}
