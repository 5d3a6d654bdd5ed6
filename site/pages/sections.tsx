/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * Sections several pages share: the newsletter card, a reviews section, the loyalty card, partner
 * lists, video posters. Each embedded kyb-* element gets prerendered fallback content that reads well
 * with JavaScript off and is replaced by the element's shadow DOM once it upgrades.
 */
import type { ComponentChildren } from 'preact';
import { BUSINESS } from '../../shared/business.ts';
import { ExtLink, Fallback, Img, PhoneLink, StarScale } from '../components/ui.tsx';
import { Icon } from '../components/icons.tsx';
import type { PartnerBrand } from '../content/partners.ts';
import { type FeedSummary, SORT_OPTIONS, barPercent, basedOn, formatAverage, reviewCount } from '../../ui/reviews/model/index.ts';
import { STARS, starCount } from '../../ui/reviews/view/star.ts';
import { REVIEW_SIGN_IN_LABEL } from '../../shared/messages.ts';
import { ReviewCards } from '../components/review-cards.tsx';
import { loyaltyCardHtml } from '../components/loyalty-card.tsx';
import { REWARDS_CARD } from '../../shared/catalog.ts';
import { reviewSnapshot } from '../data/review-snapshots.ts';

export const mailto = (subject: string, email: string = BUSINESS.email) => `mailto:${email}?subject=${encodeURIComponent(subject)}`;

export function NewsletterCard({ sourcePage }: { sourcePage: string }) {
  // kyb-newsletter shows its light DOM above its form (default slot): the heading and intro stay,
  // the e-mail fallback is only for visitors without JavaScript.
  return (
    <section id="newsletter" class="section section--cream newsletter-section" aria-labelledby="newsletter-title">
      <div class="container container--narrow">
        <kyb-newsletter source-page={sourcePage}>
          <Fallback class="newsletter-intro">
            <h2 id="newsletter-title">Join the Circle</h2>
            <p>Seasonal rituals, new loc drops, studio openings and free resources, a couple of times a month.</p>
            <p class="fallback-only">
              <a class="btn btn--primary" href={mailto('Join the Circle')}>
                Join by e-mail
              </a>
            </p>
            <p class="small fallback-only">
              We only write with your consent and you can leave at any time. Read our <a href="/privacy">Privacy Policy</a>.
            </p>
          </Fallback>
        </kyb-newsletter>
      </div>
    </section>
  );
}

export function ReviewsSection({ slug, name }: { slug: string; name: string }) {
  const snap = reviewSnapshot(slug);
  return (
    <section id="reviews" class="section reviews-section" aria-label={`Customer reviews of ${name}`}>
      <div class="container">
        <kyb-reviews slug={slug}>
          <Fallback class="reviews-fallback">
            <div class="reviews-fallback__top">
              <h2>Customer Reviews</h2>
              {snap && snap.summary.count > 0 ? (
                <span class="reviews-fallback__held" aria-hidden="true">
                  {REVIEW_SIGN_IN_LABEL}
                </span>
              ) : null}
            </div>
            {snap && snap.summary.count > 0 ? (
              <>
                <FallbackSummary summary={snap.summary} />
                <ReviewCards reviews={snap.reviews} />
              </>
            ) : snap ? (
              <p>
                No reviews yet. Be the first to share your experience with this product, or tell us on <ExtLink href={BUSINESS.social.instagram}>Instagram</ExtLink>.
              </p>
            ) : (
              // Built without a snapshot (KYB_PRERENDER_REVIEWS=off): the reviews exist but are not in the
              // HTML, so say where they are rather than claim there are none.
              <p>
                Reviews from our clients appear here with JavaScript on. You can also see what they share on <ExtLink href={BUSINESS.social.instagram}>Instagram</ExtLink>.
              </p>
            )}
          </Fallback>
        </kyb-reviews>
      </div>
    </section>
  );
}

/**
 * The reviews' summary ahead of kyb-reviews (issue #29: a card in view moved 550 px down when the element
 * drew its summary, histogram and filters above the list): the average, the stars and the histogram as
 * plain text, in the element's boxes (site/styles/products.css), so the first card starts where the
 * element puts it. The element's controls (its sign-in button above, the filters and sort below) are held
 * by invisible copies of their words while scripts run (`reviews-fallback__held`), and take no room with
 * JavaScript off, where they never come.
 */
function FallbackSummary({ summary }: { summary: FeedSummary }) {
  const average = formatAverage(summary.average);
  return (
    <>
      <div class="rv-summary">
        <p class="reviews-fallback__summary">
          <strong>{average}</strong>
          <StarScale rating={Number(average ?? 0)} />
          <span class="sr-only"> out of 5. </span>
          <span>{basedOn(summary.count)}</span>
        </p>
        <ul class="rv-histogram" aria-label="Reviews by rating">
          {[...STARS].reverse().map((star) => {
            const n = summary.histogram[String(star)] ?? 0;
            return (
              <li class="rv-histogram__row">
                <span class="rv-histogram__label" aria-hidden="true">
                  {star}
                  <Icon name="star" />
                </span>
                <svg class="rv-histogram__bar" viewBox="0 0 100 1" preserveAspectRatio="none" aria-hidden="true" focusable="false">
                  <rect width={barPercent(n, summary.count)} height="1" />
                </svg>
                <span class="rv-histogram__count" aria-hidden="true">
                  {n}
                </span>
                <span class="sr-only">{`${starCount(star)}: ${reviewCount(n)}`}</span>
              </li>
            );
          })}
        </ul>
      </div>
      <div class="reviews-fallback__held reviews-fallback__tools" aria-hidden="true">
        <span class="reviews-fallback__chip">With photos/videos {summary.with_media}</span>
        <span class="reviews-fallback__sort">
          Sort by <span>{SORT_OPTIONS[0].label}</span>
        </span>
      </div>
    </>
  );
}

/**
 * A catalog card's rating (issue #10): average stars and review count from the build's review snapshot
 * (review_feed's summary, kept by review_summaries), linking to the product's reviews section. A product
 * without reviews says so in the spec's words; a build without snapshots (KYB_PRERENDER_REVIEWS=off)
 * shows nothing rather than claim either.
 */
export function CatalogRating({ slug, href }: { slug: string; href: string }) {
  const summary = reviewSnapshot(slug)?.summary;
  if (!summary) return null;
  const average = formatAverage(summary.average);
  if (!summary.count || !average) {
    return (
      <a class="catalog-rating catalog-rating--none" href={`${href}#reviews`}>
        No reviews yet
      </a>
    );
  }
  return (
    <a class="catalog-rating" href={`${href}#reviews`}>
      <StarScale rating={Number(average)} class="catalog-rating__stars" />
      <span class="catalog-rating__average">{average}</span>
      <span class="sr-only"> out of 5 stars, </span>
      <span class="catalog-rating__count">{reviewCount(summary.count)}</span>
    </a>
  );
}

/**
 * The example loyalty card (REWARDS_CARD in shared/catalog.ts, REWARDS_CARD.examplePunches punched),
 * drawn by the card kyb-rewards-card draws a member's own with (ui/rewards/LoyaltyCard.tsx), rendered here
 * at build time by React's server renderer as the review cards are (components/review-cards.tsx).
 */
export function LoyaltyCardImage({ class: c }: { class?: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: React's renderer wrote this SVG from constants and numbers
  return <span class="loyalty-card-frame" dangerouslySetInnerHTML={{ __html: loyaltyCardHtml(REWARDS_CARD.examplePunches, c) }} />;
}

export function PartnerGrid({ brands, headingLevel = 3, pairs }: { brands: readonly PartnerBrand[]; headingLevel?: 3 | 4; pairs?: boolean }) {
  const H = headingLevel === 3 ? 'h3' : 'h4';
  return (
    <ul class={pairs ? 'partner-grid partner-grid--pairs' : 'partner-grid'}>
      {brands.map((b) => (
        <li class="partner">
          <span class="partner__logo" aria-hidden="true">
            {b.initials}
          </span>
          <div>
            <H class="partner__name">{b.name}</H>
            <p>{b.description}</p>
            <ExtLink href={b.url} sponsored class="partner__link">
              Visit {b.name} <Icon name="external" />
            </ExtLink>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** A video or social embed rendered as a local poster linking out: no third-party frame by default. */
export function VideoPoster({ title, text, poster, url, platform = 'YouTube' }: { title: string; text?: string; poster: string; url: string; platform?: string }) {
  return (
    <figure class="video-poster">
      <ExtLink href={url} class="video-poster__link" label={`Watch “${title}” on ${platform} (opens in a new tab)`}>
        <Img src={poster} alt="" width={640} height={360} />
        <span class="video-poster__play" aria-hidden="true">
          <Icon name="play" />
        </span>
      </ExtLink>
      <figcaption>
        <strong>{title}</strong>
        {text && <span> {text}</span>}
      </figcaption>
    </figure>
  );
}

export function Steps({ steps }: { steps: { title: string; text: ComponentChildren }[] }) {
  return (
    <ol class="steps">
      {steps.map((s, i) => (
        <li class="steps__item">
          <span class="steps__num" aria-hidden="true">
            {i + 1}
          </span>
          <h3>{s.title}</h3>
          <p>{s.text}</p>
        </li>
      ))}
    </ol>
  );
}

export function ContactOptions() {
  return (
    <ul class="contact-options">
      <li>
        <Icon name="mail" />
        <div>
          <strong>E-mail</strong>
          <a href={`mailto:${BUSINESS.email}`}>{BUSINESS.email}</a>
        </div>
      </li>
      <li>
        <Icon name="message" />
        <div>
          <strong>Direct message</strong>
          <ExtLink href={BUSINESS.dmUrl}>Message us on Instagram</ExtLink>
        </div>
      </li>
      <li>
        <Icon name="phone" />
        <div>
          <strong>Phone</strong>
          <PhoneLink />
        </div>
      </li>
    </ul>
  );
}

/**
 * The DIY kit's waiting list (docs/catalog.md#products-page): kyb-waitlist, with a mailto to join by e-mail until it
 * upgrades or without JavaScript. What a Coming Soon product offers instead of Buy Now.
 */
export function WaitingList({ title }: { title: string }) {
  return (
    <kyb-waitlist>
      <Fallback>
        <p>
          <strong>Be first in line.</strong> Join the waiting list and we will e-mail you when the kit launches.
        </p>
        <a class="btn btn--primary" href={mailto(`Waiting list: ${title}`)}>
          Join the waiting list by e-mail
        </a>
      </Fallback>
    </kyb-waitlist>
  );
}
