/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/** About (docs/pages.md#about): the system is broken, our answer, Meet the Visionary, In the News. */
import { BookLink, ButtonLink, Feature, Hero, Img, SEP, Section } from '../components/ui.tsx';
import { Icon } from '../components/icons.tsx';
import { DEMO_DAY, formatLongDate, pressItem } from '../content/press.ts';

const BROKEN = [
  { icon: 'flame' as const, title: 'Harsh by default', text: 'Relaxers, tight installs and heavy synthetic hair are still sold as normal, and scalps pay the price.' },
  { icon: 'percent' as const, title: 'Expensive to maintain', text: 'Black consumers spend more on hair care than anyone, yet little of that money stays in our communities.' },
  { icon: 'clock' as const, title: 'Dependent on the chair', text: 'Clients leave appointments without the knowledge to care for their hair between visits.' },
];

const ANSWER = [
  { icon: 'lotus' as const, title: 'Holistic services', text: 'Low-tension styling and plant-based care in a calm studio.' },
  { icon: 'feather' as const, title: 'Clean, handmade products', text: 'Loc extensions made from toxic-free fibre and ethically sourced hair.' },
  { icon: 'book' as const, title: 'Digital tools', text: 'A planner, guides and trackers that put the knowledge in your hands.' },
];

export function About() {
  const demo = pressItem('gsu-startup-forum');
  return (
    <>
      <Hero
        tone="sand"
        eyebrow="About Us"
        title="Hair care that heals instead of harms"
        lead="KYB exists to make hair care more self-sufficient and sustainable, for every person who wears their hair the way it grows."
        image={{ src: '/images/about-hero.svg', alt: 'Illustration of a circle of women with locs and braids, holding hands under a tree', width: 520, height: 440 }}
      />

      <Section id="the-problem" title="The system is broken">
        <p class="section__intro">
          For generations, textured hair has been treated as a problem to fix. The industry that grew around it rewards harsh products, quick installs and repeat visits, not
          healthy scalps or informed clients.
        </p>
        <div class="grid grid--3">
          {BROKEN.map((b) => (
            <Feature icon={b.icon} title={b.title}>
              <p>{b.text}</p>
            </Feature>
          ))}
        </div>
      </Section>

      <Section id="our-answer" tone="forest" title="Our answer">
        <p class="section__intro">We built KYB on three pillars that work together, so care continues long after you leave the chair.</p>
        <div class="grid grid--3">
          {ANSWER.map((a) => (
            <Feature icon={a.icon} title={a.title}>
              <p>{a.text}</p>
            </Feature>
          ))}
        </div>
        <div class="actions">
          <ButtonLink href="/services" variant="gold">
            Explore Our Services
          </ButtonLink>
          <ButtonLink href="/ethics" variant="light">
            Ethics & Sourcing
          </ButtonLink>
        </div>
      </Section>

      <Section id="visionary" title="Meet the Visionary">
        <div class="split split--media">
          <Img src="/images/visionary.svg" alt="Illustrated portrait of the KYB founder with long locs and gold cuffs" width={480} height={560} class="portrait" />
          <div class="prose">
            <p>
              Our founder grew up between Atlanta and the Caribbean, watching aunties oil scalps on Sunday evenings and stylists work miracles with little more than a comb and
              patience. Years later, after a damaging install and a scalp that took months to recover, the question became personal: why does caring for our hair so often hurt?
            </p>
            <p>
              KYB is the answer to that question: a studio that treats the scalp as the foundation, loc extensions made without toxic coatings, and digital tools that teach clients
              to care for their crowns themselves.
            </p>
            <blockquote class="pull-quote">
              <p>“Your hair is not a problem to solve. It is a crown to care for.”</p>
            </blockquote>
            <BookLink consultation>Book a Free Consultation</BookLink>
          </div>
        </div>
      </Section>

      <Section id="in-the-news" tone="sand" title="In the News">
        <article class="news-card">
          <Img src={demo.image} alt={demo.imageAlt} width={480} height={300} />
          <div>
            <p class="eyebrow">
              <Icon name="calendar" />{' '}
              <span>
                {DEMO_DAY.label}
                {SEP}
                <time class="nowrap" datetime={DEMO_DAY.date}>
                  {formatLongDate(DEMO_DAY.date)}
                </time>
              </span>
            </p>
            <h3>{demo.title}</h3>
            <p>{demo.excerpt}</p>
            <div class="actions">
              <ButtonLink href={`/press/${demo.slug}`}>Read the story</ButtonLink>
              <ButtonLink href="/press" variant="outline">
                All press
              </ButtonLink>
            </div>
          </div>
        </article>
      </Section>
    </>
  );
}
