/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * /links: the brand's own link-in-bio page (issue #22; docs/pages.md#links), for the Instagram and TikTok
 * bios instead of a third-party service. A bare page (no site header or footer), mobile first: the brand,
 * Book Now, the shop's main links (shared/links.ts), the average rating of every review with the three
 * newest, the newsletter, the DIY kit's waiting list and the socials.
 *
 * No JavaScript of its own: the rating and reviews are the build's snapshot (site/data/review-snapshots.ts),
 * the two forms are widgets the loader fetches only when they come into view, and clicks are counted by
 * the browser itself: every link carries `ping` to the link-click function (docs/data.md#calls), which
 * adds one to that link's count for the day. No cookie, nothing about the visitor.
 */
import { useContext } from 'preact/hooks';
import { BUSINESS } from '../../shared/business.ts';
import { reviewSubjectName } from '../../shared/catalog.ts';
import { BIO_LINKS, type LinkClickId, SOCIAL_LINK_IDS, linkClickUrl } from '../../shared/links.ts';
import { REVIEW_SLUGS } from '../../shared/rules/reviews.ts';
import { averageOf, formatAverage, ratingLabel, reviewCount, reviewPagePath } from '../../ui/reviews/model/index.ts';
import { Icon } from '../components/icons.tsx';
import { Img, SEP, StarScale } from '../components/ui.tsx';
import { SOCIALS } from '../content/socials.ts';
import { reviewSnapshot } from '../data/review-snapshots.ts';
import { SiteEnvContext } from '../layout/env.ts';
import { NewsletterCard, WaitingList } from './sections.tsx';

/** Reviews shown under the rating. */
const RECENT = 3;
/** A review's text on this page is cut at a word before this many characters. */
const EXCERPT = 150;

const excerpt = (s: string) => (s.length <= EXCERPT ? s : `${s.slice(0, s.lastIndexOf(' ', EXCERPT)).replace(/[\s,.;:]+$/, '')}…`);

/** Every slug's snapshot together: the overall rating and the newest reviews (nothing when built without snapshots). */
function allReviews() {
  const snaps = REVIEW_SLUGS.flatMap((slug) => {
    const s = reviewSnapshot(slug);
    return s ? [{ slug, s }] : [];
  });
  if (!snaps.length) return null;
  const histogram: Record<string, number> = {};
  for (const { s } of snaps) for (const [star, n] of Object.entries(s.summary.histogram)) histogram[star] = (histogram[star] ?? 0) + n;
  const count = Object.values(histogram).reduce((a, b) => a + b, 0);
  const recent = snaps
    .flatMap(({ slug, s }) => s.reviews.map((r) => ({ ...r, slug })))
    .sort((a, b) => b.created_at.localeCompare(a.created_at))
    .slice(0, RECENT);
  return { count, average: formatAverage(averageOf(histogram)), recent };
}

/** A social profile's click id: its key in BUSINESS.social. */
const socialId = (href: string) => SOCIAL_LINK_IDS.find((k) => BUSINESS.social[k] === href) as LinkClickId;

export function Links() {
  const env = useContext(SiteEnvContext);
  const ping = (id: LinkClickId) => (env ? linkClickUrl(env.supabaseUrl, id) : undefined);
  const reviews = allReviews();
  return (
    <div class="links">
      <header class="links__head">
        <Img src="/images/logo.svg" alt="" width={132} height={44} eager class="links__logo" />
        <h1 id="page-title" class="links__title">
          {BUSINESS.legalName}
        </h1>
        <p class="links__tagline">Holistic care for locs and textured hair, handmade loc extensions and planning tools. Atlanta and the Cayman Islands.</p>
        {reviews?.average ? (
          <a class="links__rating" href="#reviews">
            <StarScale rating={Number(reviews.average)} class="links__stars" />
            <span>
              <strong>{reviews.average}</strong>
              <span class="sr-only"> out of 5 stars</span>
              {SEP}
              {reviewCount(reviews.count)}
            </span>
          </a>
        ) : null}
      </header>

      <nav aria-label="Links">
        <ul class="links__list">
          {BIO_LINKS.map((l, i) => {
            const external = /^https?:/.test(l.href);
            return (
              <li>
                <a
                  class={i === 0 ? 'links__button links__button--main' : 'links__button'}
                  href={l.href}
                  ping={ping(l.id)}
                  target={external ? '_blank' : undefined}
                  rel={external ? 'noopener' : undefined}
                >
                  <span class="links__label">{l.label}</span>
                  {'note' in l ? <span class="links__note">{l.note}</span> : null}
                  {external ? <span class="sr-only"> (opens in a new tab)</span> : null}
                </a>
              </li>
            );
          })}
        </ul>
      </nav>

      {reviews?.recent.length ? (
        <section id="reviews" class="links__section" aria-labelledby="links-reviews">
          <h2 id="links-reviews">What clients say</h2>
          {reviews.average ? (
            <p class="links__summary">
              <strong>{reviews.average}</strong> out of 5 from {reviewCount(reviews.count)} across the studio, the locs and the planner.
            </p>
          ) : null}
          <ul class="links__reviews">
            {reviews.recent.map((r) => (
              <li class="links__review">
                <article aria-label={`Review by ${r.reviewer_name}`}>
                  <StarScale rating={r.rating} class="links__review-stars" />
                  <span class="sr-only">{ratingLabel(r.rating)}</span>
                  <h3 class="links__review-title">{r.title}</h3>
                  <p>{excerpt(r.content)}</p>
                  <p class="links__review-by">
                    {r.reviewer_name}, on <a href={`${reviewPagePath(r.slug)}#reviews`}>{reviewSubjectName(r.slug)}</a>
                  </p>
                </article>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <NewsletterCard sourcePage="/links" />

      <section class="links__section" aria-labelledby="links-kit">
        <h2 id="links-kit">DIY Trinity Loc Kit</h2>
        <p>Install Trinity Locs at home. The kit is coming soon: join the waiting list and we will e-mail you at launch.</p>
        <WaitingList title="DIY Trinity Loc Kit" />
      </section>

      <section class="links__section links__section--socials" aria-labelledby="links-follow">
        <h2 id="links-follow">Follow us</h2>
        <ul class="links__socials">
          {SOCIALS.map((s) => (
            <li>
              <a class="links__social" href={s.href} ping={ping(socialId(s.href))} target="_blank" rel="noopener">
                <Icon name={s.icon} />
                <span class="links__social-name">{s.name}</span>
                <span class="sr-only"> (opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
      </section>

      <footer class="links__foot">
        <p>
          © {BUSINESS.copyrightYear} {BUSINESS.legalName}
          {SEP}
          <a href="/privacy">Privacy</a>
          {SEP}
          <a href="/cookies">Cookies</a>
        </p>
      </footer>
    </div>
  );
}
