/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/** The Full Loc Bible (/blog/full-loc-bible), the blog's featured article: the loc guide (docs/limits.md#loc-facts). */
import { bookingLink } from '../../shared/business.ts';
import { JAH_PROCESSING_TIME, LENGTH_BANDS, LOC_COLORS, LOCS_PER_BUNDLE, MULTI_TONE_PRICE, PRODUCTS, SIZES } from '../../shared/catalog.ts';
import { formatAdder, formatFrom, fromPrice } from '../../shared/pricing.ts';
import { Breadcrumb, ButtonLink, ExtLink, Img } from '../components/ui.tsx';
import { FEATURED_ARTICLE } from '../content/blog.ts';
import { POLICY } from '../content/faq.ts';
import { ArticleMeta } from './Blog.tsx';

const TOC = [
  ['hair-types', 'Three kinds of locs'],
  ['sizes', 'Choosing a size'],
  ['lengths', 'Choosing a length'],
  ['bundles', 'How many bundles?'],
  ['color', 'Color'],
  ['install', 'Install day'],
  ['care', 'Caring for your locs'],
  ['refresh', 'Refresh and takedown'],
] as const;

export function LocBible() {
  const locs = PRODUCTS.filter((p) => p.category === 'loc-extensions');
  return (
    <article class="article">
      <div class="container container--narrow">
        <Breadcrumb href="/blog">Back to Blog</Breadcrumb>
        <p class="eyebrow">Loc Science</p>
        <h1 id="page-title">The Full Loc Bible</h1>
        <ArticleMeta a={FEATURED_ARTICLE} />
        <Img src={FEATURED_ARTICLE.image} alt={FEATURED_ARTICLE.imageAlt} width={960} height={600} eager class="article__image" />
        <div class="prose">
          <p class="lead">
            Everything our stylists explain in consultations, written down: what locs are made of, how to choose a size and length, how many bundles you need, and how to care for
            them so they last.
          </p>
          <nav class="toc" aria-label="In this guide">
            <h2>In this guide</h2>
            <ol>
              {TOC.map(([id, t]) => (
                <li>
                  <a href={`#${id}`}>{t}</a>
                </li>
              ))}
            </ol>
          </nav>

          <h2 id="hair-types">Three kinds of locs</h2>
          <p>Every KYB loc is hand-locked. The difference is the hair:</p>
          <ul>
            {locs.map((p) => (
              <li>
                <a href={p.href}>
                  <strong>{p.title}</strong>
                </a>{' '}
                ({formatFrom(fromPrice(p.id)).toLowerCase()}): {p.description}
              </li>
            ))}
          </ul>

          <h2 id="sizes">Choosing a size</h2>
          <p>Size is the width of each loc. Smaller locs look fuller and weigh less each; larger locs make a bold statement with fewer pieces.</p>
          <ul>
            {SIZES.map((s) => (
              <li>
                <strong>{s.label}</strong>: about {s.width}
                {s.id === 'MD' ? ' (our default and most requested)' : ''}
              </li>
            ))}
          </ul>

          <h2 id="lengths">Choosing a length</h2>
          <p>
            We make locs in {LENGTH_BANDS.map((b) => b.label).join(', ')}. Measure from the crown of your head to where you want the locs to fall, and remember that longer locs
            weigh more.
          </p>

          <h2 id="bundles">How many bundles?</h2>
          <p>
            A bundle is {LOCS_PER_BUNDLE} locs, and you can order 20, 40 or 60 pieces. Partial looks such as a crown section or a half-up style take {POLICY.partialBundles}; full
            installs take {POLICY.fullBundles}, depending on your density and the size you choose.
          </p>

          <h2 id="color">Color</h2>
          <p>
            Choose{' '}
            {LOC_COLORS.filter((c) => c.value !== 'multi-tone')
              .map((c) => c.label.toLowerCase())
              .join(', ')}
            , or a multi-color custom blend ({formatAdder(MULTI_TONE_PRICE)}). Human-hair Jah Locs can also be dyed later by a colorist.
          </p>

          <h2 id="install">Install day</h2>
          <p>
            Book a free consult first: we check your scalp, your own hair and your plans, and settle size, length and bundle count together. Production takes{' '}
            {POLICY.productionTime} ({JAH_PROCESSING_TIME} for Jah Locs), and we ship within the United States only, with no local pickup. International orders are by inquiry.
            Because every set is made to order, returns are limited.
          </p>

          <h2 id="care">Caring for your locs</h2>
          <ul>
            <li>Wash every 1-2 weeks with a diluted, gentle shampoo, focusing on the scalp.</li>
            <li>Dry completely: damp locs left wrapped are how mildew starts.</li>
            <li>Oil the scalp lightly, not the locs, to avoid build-up.</li>
            <li>Sleep in satin. Wait {POLICY.swimAfter} after install before swimming, then rinse well after every swim.</li>
          </ul>

          <h2 id="refresh">Refresh and takedown</h2>
          <p>
            Refresh your roots every {POLICY.refreshEvery}. When it is time for a break, take your locs down slowly with plenty of slip; our free{' '}
            <a href="/vault">Takedown Guide</a> walks you through it.
          </p>

          <div class="callout">
            <h2>Ready to choose your locs?</h2>
            <div class="actions">
              <ButtonLink href="/products">Shop Now</ButtonLink>
              <ExtLink href={bookingLink({ consultation: true })} class="btn btn--outline">
                Book a Free Consultation
              </ExtLink>
            </div>
            <p class="small">
              Still have questions? Read the <a href="/faq/locs">Loc FAQ</a>.
            </p>
          </div>
        </div>
      </div>
    </article>
  );
}
