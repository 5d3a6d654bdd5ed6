/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/** Ethics & Sourcing (/ethics, linked from /about): how hair and ingredients are sourced. */
import { Feature, Hero, Section } from '../components/ui.tsx';

const PRINCIPLES = [
  {
    icon: 'shield' as const,
    title: 'Toxic-free materials',
    text: 'Synthetic fibre without acid coatings or irritating finishes, rinsed before it is locked. No sulfates, parabens or synthetic fragrance in the studio.',
  },
  { icon: 'hands' as const, title: 'Ethically sourced hair', text: 'Human hair only from suppliers who can show how it was collected and that donors were paid fairly.' },
  {
    icon: 'globe' as const,
    title: 'Fair ingredient partnerships',
    text: 'Aloe, hibiscus, shea and oils from family growers and cooperatives, with prices agreed before the harvest.',
  },
  {
    icon: 'recycle' as const,
    title: 'Made to order, less waste',
    text: 'Every set of locs is made for a client, so nothing is overproduced. Packaging is recyclable or compostable.',
  },
];

export function Ethics() {
  return (
    <>
      <Hero
        tone="forest"
        eyebrow="Ethics & Sourcing"
        title="Pure & Ethical, in practice"
        lead="What we put on your head should be safe for you and fair to the people who made it."
        compact
      />
      <Section id="principles" title="Our standards">
        <div class="grid grid--2">
          {PRINCIPLES.map((p) => (
            <Feature icon={p.icon} title={p.title}>
              <p>{p.text}</p>
            </Feature>
          ))}
        </div>
      </Section>
      <Section id="checks" tone="sand" title="How we check">
        <div class="prose">
          <p>
            Before we work with a supplier we ask for ingredient lists, safety data and, for hair, documentation of where it came from. We visit or audit suppliers where we can and
            test every new batch of fibre on ourselves before it reaches a client.
          </p>
          <p>
            We review partners every year. If a partner no longer meets our standards, we say so and stop working with them. Read about our latest{' '}
            <a href="/press/caribbean-vendor-partnerships">Caribbean vendor partnerships</a>, or <a href="/partners">apply to join our ecosystem</a>.
          </p>
        </div>
      </Section>
    </>
  );
}
