/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * Handmade faux locs (docs/catalog.md#handmade-faux-locs): hero with thumbnails, benefits, style gallery, reviews
 * (slug handmade-locs). Add to Cart puts the handmade locs in the cart (`<kyb-cart add>` around the
 * page's own button; docs/commerce.md#cart).
 */
import { bookingLink } from '../../shared/business.ts';
import { HANDMADE_LOCS } from '../../shared/catalog.ts';
import { formatUSD } from '../../shared/pricing.ts';
import { Breadcrumb, ExtLink, Feature, Img, JsonLd, Section } from '../components/ui.tsx';
import { Icon } from '../components/icons.tsx';
import { HANDMADE_PICTURES, STYLE_GALLERY } from '../content/products.ts';
import { productLd } from '../content/structured-data.ts';
import { ThumbnailGallery } from './product/ProductLayout.tsx';
import { ReviewsSection } from './sections.tsx';

const BENEFITS = [
  { icon: 'feather' as const, title: 'Feather-light', text: 'Crocheted by hand from soft fibre, so they sit lightly from the first day.' },
  { icon: 'shield' as const, title: 'Kind to your edges', text: 'Installed over your own hair with low tension: a true protective style.' },
  { icon: 'clock' as const, title: 'Quick to install', text: 'Pre-made locs cut install time to a fraction of a traditional faux loc.' },
  { icon: 'recycle' as const, title: 'Wear again', text: 'Take them down carefully and they are ready for another install.' },
];

export function HandmadeLocs() {
  const name = 'Handmade Faux Locs';
  return (
    <>
      <JsonLd
        data={productLd({
          reviewSlug: 'handmade-locs',
          name,
          description: 'Soft, lightweight faux locs crocheted by hand to order.',
          path: '/handmade-locs',
          image: HANDMADE_PICTURES[0].src,
          sku: 'KYB-HANDMADE-LOCS',
          lowPrice: HANDMADE_LOCS.fromPrice,
          highPrice: HANDMADE_LOCS.fromPrice,
          category: 'Loc Extensions',
        })}
      />
      <section class="product-hero" aria-labelledby="page-title">
        <div class="container">
          <Breadcrumb href="/products">Back to Products</Breadcrumb>
          <div class="product-hero__grid">
            <ThumbnailGallery pictures={HANDMADE_PICTURES} name={name} />
            <div class="product-hero__info">
              <p class="eyebrow">Made by hand, made for you</p>
              <h1 id="page-title">{name}</h1>
              {/* One price, so no "From" (issue #29). */}
              <p class="price price--lg">{formatUSD(HANDMADE_LOCS.fromPrice)}</p>
              <p class="notice notice--inline">
                <Icon name="truck" /> Free shipping over {formatUSD(HANDMADE_LOCS.freeShippingOver)}
              </p>
              <p class="lead">Soft, full and natural-looking faux locs, crocheted one by one in our studio. Wear them for a season, a celebration or a break for your own hair.</p>
              <div class="actions">
                <kyb-cart add="handmade-locs">
                  <button type="button" class="btn btn--primary">
                    Add to Cart
                  </button>
                </kyb-cart>
                <ExtLink href={bookingLink({ consultation: true })} class="btn btn--outline">
                  Book Consultation
                </ExtLink>
              </div>
              <p class="small">Checkout is handled securely by Stripe, our card payment provider.</p>
            </div>
          </div>
        </div>
      </section>

      <Section id="benefits" tone="sand" title="Why handmade" center>
        <div class="grid grid--4">
          {BENEFITS.map((b) => (
            <Feature icon={b.icon} title={b.title}>
              <p>{b.text}</p>
            </Feature>
          ))}
        </div>
      </Section>

      <Section id="style-gallery" eyebrow="Style Gallery" title="Ways to wear them" center>
        <ul class="style-gallery">
          {STYLE_GALLERY.map((g) => (
            <li>
              <Img src={g.src} alt={g.alt} width={400} height={500} />
            </li>
          ))}
        </ul>
      </Section>

      <ReviewsSection slug="handmade-locs" name={name} />
    </>
  );
}
