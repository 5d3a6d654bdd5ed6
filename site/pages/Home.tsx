/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/** Home (docs/pages.md#home): hero, three doorways, the KYB way, a call to action and the newsletter card. */
import { BUSINESS } from '../../shared/business.ts';
import { BookLink, ButtonLink, Feature, Hero, Img, SEP, Section } from '../components/ui.tsx';
import { Icon } from '../components/icons.tsx';
import { PLANNER } from '../content/planner.ts';
import { NewsletterCard } from './sections.tsx';

const DOORWAYS = [
  {
    title: 'Holistic Haircare Haven',
    text: 'A calm studio for locs, braids and protective styles, with herbal tea, aromatherapy and treatments that start at the scalp.',
    href: '/holistic-haircare',
    cta: 'Discover More',
    image: '/images/studio.svg',
    alt: 'Illustration of a sunlit studio chair beside plants and a tea tray',
  },
  {
    title: 'Products',
    text: 'Handmade Jah, Trinity and Irie loc extensions, and a DIY kit to install them at home.',
    href: '/products',
    cta: 'Explore Collection',
    image: '/images/products/trinity-locs.svg',
    alt: 'Illustration of a bundle of warm brown handmade locs',
  },
  {
    title: 'Digital Planning Tools',
    text: 'The CROWN Planner and free resources to plan your styles, rituals and hair goals.',
    href: '/planner',
    cta: 'Begin Planning',
    image: PLANNER.cover,
    alt: PLANNER.coverAlt,
  },
];

const VALUES = [
  {
    icon: 'leaf' as const,
    title: 'Holistic is not Harsh',
    text: 'Healthy hair begins with a healthy scalp and a rested body. No harsh chemicals, no painful tension, no rushing.',
  },
  {
    icon: 'feather' as const,
    title: 'Wisdom-Guided',
    text: 'Our methods draw on generations of African and Caribbean hair traditions, checked against what hair science knows today.',
  },
  {
    icon: 'shield' as const,
    title: 'Pure & Ethical',
    text: 'Toxic-free fibres, ethically sourced hair and ingredients from growers who are paid fairly.',
  },
  {
    icon: 'users' as const,
    title: 'Beyond The Chair',
    text: 'Digital tools, free guides and a community that help you care for your crown between appointments.',
  },
];

export function Home() {
  return (
    <>
      <Hero
        tone="clay"
        // The dot is glued to the words before it (no-break space), so a narrow screen never starts a line with it.
        eyebrow={`Holistic haircare${SEP}Atlanta & the Cayman Islands`}
        title="Care for your crown, the holistic way"
        lead={`${BUSINESS.name} helps make haircare more self-sufficient and sustainable through digital solutions, services and products.`}
        actions={
          <>
            <BookLink consultation variant="gold">
              Book a Free Consultation
            </BookLink>
            <ButtonLink href="/about" variant="light">
              Our Story
            </ButtonLink>
          </>
        }
        image={{
          src: '/images/hero-home.svg',
          alt: 'Illustration of a woman with long locs wrapped in a patterned scarf, framed by leaves and a rising sun',
          width: 560,
          height: 600,
        }}
      />

      <Section id="explore" eyebrow="Start here" title="Three ways to care for your crown" center>
        <div class="grid grid--3">
          {DOORWAYS.map((d) => (
            <article class="card card--link">
              <Img src={d.image} alt={d.alt} width={480} height={320} class="card__media" />
              <div class="card__body">
                <h3>{d.title}</h3>
                <p>{d.text}</p>
                <a class="card__cta" href={d.href}>
                  {d.cta} <Icon name="arrow-right" />
                </a>
              </div>
            </article>
          ))}
        </div>
      </Section>

      <Section id="our-way" tone="sand" eyebrow="The KYB way" title="Care that honours where your hair comes from" center>
        <div class="grid grid--4">
          {VALUES.map((v) => (
            <Feature icon={v.icon} title={v.title}>
              <p>{v.text}</p>
            </Feature>
          ))}
        </div>
      </Section>

      <section class="cta-band" aria-labelledby="cta-title">
        <div class="container cta-band__inner">
          <div>
            <h2 id="cta-title">Your crown deserves sacred time</h2>
            <p>Book an unhurried appointment in our studio, or bring the studio home with our handmade locs.</p>
          </div>
          <div class="actions">
            <BookLink variant="gold">Schedule Sacred Time</BookLink>
            <ButtonLink href="/products" variant="light">
              Explore Collection
            </ButtonLink>
          </div>
        </div>
      </section>

      <NewsletterCard sourcePage="/" />
    </>
  );
}
