/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * The CROWN Planner landing page (/digital-tools/crown-planner and its aliases, docs/tools.md#crown-planner-page): gallery
 * carousel at the top (<kyb-planner-gallery>, falling back to the cover), sticky in-page navigation with
 * a Get CROWN button, video, hero, benefits, what you receive, what is inside, How It Works, purchase
 * tiers (each Buy button puts its tier in the cart and opens it: `<kyb-cart add after="open">`,
 * docs/commerce.md#cart), FAQ and reviews (slug protective-style-planner).
 */
import { BUSINESS } from '../../shared/business.ts';
import { PLANNER_TIERS } from '../../shared/catalog.ts';
import { formatUSD } from '../../shared/pricing.ts';
import { Accordion, Badge, ButtonLink, ExtLink, Feature, Img, JsonLd, Section } from '../components/ui.tsx';
import { Icon } from '../components/icons.tsx';
import { PLANNER, PLANNER_BENEFITS, PLANNER_FAQ, PLANNER_INSIDE, PLANNER_RECEIVE, PLANNER_STEPS } from '../content/planner.ts';
import { productLd } from '../content/structured-data.ts';
import { ReviewsSection, Steps, VideoPoster } from './sections.tsx';

const NAV = [
  ['overview', 'Overview'],
  ['how-it-works', 'How It Works'],
  ['whats-inside', "What's Inside"],
  ['faq', 'FAQ'],
] as const;

export function CrownPlanner() {
  const prices = PLANNER_TIERS.map((t) => t.price);
  return (
    <>
      <JsonLd
        data={productLd({
          reviewSlug: 'protective-style-planner',
          name: `${PLANNER.name}: ${PLANNER.edition}`,
          description: `A digital planner for protective styling with ${PLANNER.templates} hyperlinked and printable templates.`,
          path: '/digital-tools/crown-planner',
          image: PLANNER.cover,
          sku: 'KYB-CROWN-PLANNER',
          lowPrice: Math.min(...prices),
          highPrice: Math.max(...prices),
          offerCount: PLANNER_TIERS.length,
          availability: 'InStock',
          category: 'Digital planner',
        })}
      />
      <section id="overview" class="hero hero--night planner-hero" aria-labelledby="page-title">
        <div class="container hero__grid">
          <div class="hero__text">
            <p class="eyebrow">{PLANNER.edition}</p>
            <h1 id="page-title">The {PLANNER.name}</h1>
            <p class="lead">
              Plan every protective style, ritual and hair goal in one place: {PLANNER.templates} hyperlinked and printable templates, a how-to walkthrough, a digital sticker book
              and community access.
            </p>
            <p class="trust">
              <Icon name="users" /> Trusted by {PLANNER.trustedBy} users
            </p>
            <div class="actions">
              <ButtonLink href="#purchase" variant="gold">
                Get CROWN from {formatUSD(Math.min(...prices))}
              </ButtonLink>
              <ButtonLink href="#whats-inside" variant="light">
                See What's Inside
              </ButtonLink>
            </div>
          </div>
          <div class="hero__art">
            <kyb-planner-gallery fallback-src={PLANNER.cover} fallback-alt={PLANNER.coverAlt}>
              <Img src={PLANNER.cover} alt={PLANNER.coverAlt} width={PLANNER.coverWidth} height={PLANNER.coverHeight} eager class="planner-cover" />
            </kyb-planner-gallery>
          </div>
        </div>
      </section>

      <nav class="subnav" aria-label="On this page">
        <div class="container subnav__inner">
          <ul>
            {NAV.map(([id, label]) => (
              <li>
                <a href={`#${id}`}>{label}</a>
              </li>
            ))}
          </ul>
          <a class="btn btn--gold btn--small" href="#purchase">
            Get CROWN
          </a>
        </div>
      </nav>

      <Section id="video" title="See it in action" center>
        <div class="container--narrow">
          <VideoPoster
            title="A tour of the CROWN Planner"
            text="Five minutes through the templates, the index and the sticker book."
            poster="/images/video/planner-tour.svg"
            url={`${BUSINESS.social.youtube}/videos`}
          />
        </div>
      </Section>

      <Section id="benefits" tone="sand" title="Why plan your crown" center>
        <div class="grid grid--3">
          {PLANNER_BENEFITS.map((b) => (
            <Feature icon={b.icon} title={b.title}>
              <p>{b.text}</p>
            </Feature>
          ))}
        </div>
      </Section>

      <Section id="receive" title="What You'll Receive at Checkout">
        <ul class="checklist checklist--large">
          {PLANNER_RECEIVE.map((r) => (
            <li>
              <Icon name="check" /> {r}
            </li>
          ))}
        </ul>
        <p class="note">
          Community access runs through our <ExtLink href={BUSINESS.broadcastChannelUrl}>broadcast channel</ExtLink>.
        </p>
      </Section>

      <Section id="whats-inside" tone="cream" title="What's Inside" intro={`${PLANNER.templates} templates across six sections.`}>
        <div class="grid grid--3">
          {PLANNER_INSIDE.map((s) => (
            <div class="inside-card">
              <h3>{s.title}</h3>
              <p>{s.text}</p>
            </div>
          ))}
        </div>
      </Section>

      <Section id="how-it-works" title="How It Works">
        <Steps steps={PLANNER_STEPS} />
      </Section>

      <Section id="purchase" tone="clay" title="Choose your CROWN" center>
        <div class="grid grid--2 tier-cards">
          {PLANNER_TIERS.map((t) => (
            <article class={t.id === 'bundle' ? 'tier-card tier-card--featured' : 'tier-card'}>
              {t.id === 'bundle' && <Badge tone="gold">Best value</Badge>}
              <h3>{t.name}</h3>
              <p class="price price--xl">{formatUSD(t.price)}</p>
              <p>{t.description}</p>
              <kyb-cart add="crown-planner" configuration={JSON.stringify({ tier: t.id })} after="open">
                <button type="button" class={t.id === 'bundle' ? 'btn btn--gold' : 'btn btn--light'}>
                  Buy the {t.id === 'pdf' ? 'PDF' : 'Bundle'}
                </button>
              </kyb-cart>
            </article>
          ))}
        </div>
        <p class="center small">Secure checkout by Stripe. Download it as soon as you have paid; the e-mail links to your order page for later.</p>
      </Section>

      <Section id="faq" title="Planner FAQ">
        <Accordion name="faq-planner" items={PLANNER_FAQ} />
      </Section>

      <ReviewsSection slug="protective-style-planner" name="the CROWN Planner" />

      <section class="cta-band" aria-labelledby="closing-title">
        <div class="container cta-band__inner">
          <div>
            <h2 id="closing-title">Your crown, planned with care</h2>
            <p>Start your next protective style with a plan, not a guess.</p>
          </div>
          <div class="actions">
            <ButtonLink href="#purchase" variant="gold">
              Get CROWN
            </ButtonLink>
          </div>
        </div>
      </section>
    </>
  );
}
