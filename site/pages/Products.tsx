/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * Products (docs/catalog.md#products-page, titled Our Crown Creations). The catalog grid is prerendered inside
 * <kyb-product-filter>, which adds the filter and sort selects and filters the cards by their data-*
 * attributes; with JavaScript off every card is simply shown.
 */
import { bookingLink } from '../../shared/business.ts';
import { PRODUCTS, type Product } from '../../shared/catalog.ts';
import { formatFrom, fromPrice } from '../../shared/pricing.ts';
import { Badge, ButtonLink, ExtLink, Hero, Img, Section } from '../components/ui.tsx';
import { Icon } from '../components/icons.tsx';
import { PRODUCT_BENEFITS, STYLE_GALLERY } from '../content/products.ts';
import { CatalogRating, WaitingList } from './sections.tsx';
import { comingSoon } from '../data/launches.ts';

function ProductCard({ p }: { p: Product }) {
  // Until the admin's launch switch puts it on sale (site/data/launches.ts).
  const soon = comingSoon(p);
  return (
    <article class="product-card" data-category={p.category} data-price={p.showPrice ? String(fromPrice(p.id)) : ''} data-added={p.addedAt} data-rank={String(p.rank)}>
      <div class="product-card__media">
        <Img src={p.image} alt={`${p.title}: handmade locs`} width={480} height={400} />
        <div class="product-card__badges">
          <Badge tone="night">{p.tag}</Badge>
          {soon && <Badge tone="gold">Coming Soon</Badge>}
        </div>
      </div>
      <div class="product-card__body">
        <h3 class="product-card__title">{p.title}</h3>
        <CatalogRating slug={p.reviewSlug} href={p.href} />
        {p.showPrice && <p class="price">{formatFrom(fromPrice(p.id))}</p>}
        <p>{p.description}</p>
        <ul class="checklist">
          {p.features.map((f) => (
            <li>
              <Icon name="check" /> {f}
            </li>
          ))}
        </ul>
        {soon ? (
          <div class="product-card__waitlist">
            <WaitingList title={p.title} />
            <p class="small">
              <a href={p.href}>See the three kits and what is inside</a>
            </p>
          </div>
        ) : (
          <div class="actions actions--card">
            <ButtonLink href={p.href}>Buy Now</ButtonLink>
            <ExtLink href={bookingLink({ consultation: true })} class="btn btn--outline">
              Book Consultation
            </ExtLink>
          </div>
        )}
      </div>
    </article>
  );
}

export function Products() {
  const listed = PRODUCTS.filter((p) => p.listed);
  return (
    <>
      <Hero
        tone="forest"
        eyebrow="Handmade loc extensions & kits"
        title="Our Crown Creations"
        lead="Every loc is hand-locked to order from non-toxic fibre and ethically sourced human hair. Choose the hair, the length and the color that feel like you."
        actions={
          <>
            <ButtonLink href="#catalog" variant="gold">
              Buy Now
            </ButtonLink>
            <ButtonLink href="#style-gallery" variant="light">
              Explore Gallery
            </ButtonLink>
          </>
        }
        image={{ src: '/images/hero-products.svg', alt: 'Illustration of three bundles of handmade locs in black, brown and honey blonde', width: 560, height: 480 }}
      />

      <Section id="catalog" eyebrow="The collection" title="Shop loc extensions and kits">
        <kyb-product-filter>
          <div class="product-grid">
            {listed.map((p) => (
              <ProductCard p={p} />
            ))}
          </div>
        </kyb-product-filter>
        <p class="note">
          Not sure which locs are right for you? Read the <a href="/faq/locs">Loc FAQ</a> or <ExtLink href={bookingLink({ consultation: true })}>book a free consultation</ExtLink>.
        </p>
      </Section>

      <Section id="benefits" tone="sand" title="Why our locs" center>
        <ul class="benefit-row">
          {PRODUCT_BENEFITS.map((b) => (
            <li>
              <span class="benefit-row__icon">
                <Icon name={b.icon} />
              </span>
              {b.label}
            </li>
          ))}
        </ul>
      </Section>

      <Section id="style-gallery" eyebrow="Style Gallery" title="Worn by our community" center>
        <ul class="style-gallery">
          {STYLE_GALLERY.map((g) => (
            <li>
              <Img src={g.src} alt={g.alt} width={400} height={500} />
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}
