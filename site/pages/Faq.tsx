/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * FAQ (docs/pages.md#faq): hero, category tiles, one card per category with exclusive accordions
 * (<details name="faq-<category>">: one open at a time, no script), Still Have Questions?, and the
 * booking-changes note. FAQPage structured data carries every question.
 */
import { BUSINESS } from '../../shared/business.ts';
import { Accordion, ExtLink, Hero, JsonLd, Section } from '../components/ui.tsx';
import { Icon } from '../components/icons.tsx';
import { FAQ_CATEGORIES, POLICY } from '../content/faq.ts';
import { faqLd } from '../content/structured-data.ts';

export function Faq() {
  return (
    <>
      <JsonLd data={faqLd(FAQ_CATEGORIES.flatMap((c) => c.questions))} />
      <Hero
        tone="sand"
        eyebrow="FAQ"
        title="Frequently Asked Questions"
        lead="Quick answers about booking, services, locs, the Crown Planner, our policies and sourcing."
        compact
      />

      <Section id="categories">
        <ul class="tile-grid" aria-label="FAQ categories">
          {FAQ_CATEGORIES.map((c) => (
            <li>
              <a class="tile" href={`#${c.id}`}>
                <Icon name={c.icon} />
                <span class="tile__title">{c.title}</span>
                <span class="tile__text">{c.description}</span>
              </a>
            </li>
          ))}
        </ul>

        <div class="faq-cards">
          {FAQ_CATEGORIES.map((c) => (
            <section id={c.id} class="faq-card" aria-labelledby={`${c.id}-title`}>
              <h2 id={`${c.id}-title`}>
                <Icon name={c.icon} /> {c.title}
              </h2>
              <p class="faq-card__desc">{c.description}</p>
              {/* One name for the whole page: one question open at a time across every card (docs/pages.md#faq, issue #8). */}
              <Accordion name="faq" items={c.questions} />
            </section>
          ))}
        </div>
        <p class="note">
          Need to change a booking? Use the link in your confirmation e-mail, or contact us and we will do it for you. The <a href="/faq/locs">Loc FAQ</a> has more on loc
          extensions.
        </p>
      </Section>

      <Section id="still-have-questions" tone="clay" title="Still Have Questions?" center>
        <p class="center">We reply within {POLICY.faqReply}.</p>
        <div class="actions actions--center">
          <a class="btn btn--gold" href={`mailto:${BUSINESS.email}`}>
            <Icon name="mail" /> Email Us
          </a>
          <ExtLink href={BUSINESS.dmUrl} class="btn btn--light">
            <Icon name="message" /> Send a DM
          </ExtLink>
        </div>
      </Section>
    </>
  );
}
