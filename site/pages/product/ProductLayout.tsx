/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * The layout every product page shares (docs/catalog.md#product-detail-pages): back link, image gallery with thumbnails, the
 * product's summary and buttons, the customizer, pricing, features, specifications, care and reviews.
 * Pages pass the parts that differ (pricing table, customizer fallback, extra sections).
 */
import type { ComponentChildren } from 'preact';
import { bookingLink } from '../../../shared/business.ts';
import { BUY_NOW_TARGET, LENGTH_BANDS, LOC_COLORS, LOCS_PER_BUNDLE, SIZES, productById, type ProductId } from '../../../shared/catalog.ts';
import { allConfigurations, formatFrom, fromPrice, priceFor } from '../../../shared/pricing.ts';
import { Badge, Breadcrumb, ButtonLink, ExtLink, Feature, Fallback, Img, JsonLd, Section } from '../../components/ui.tsx';
import { Icon } from '../../components/icons.tsx';
import { PRODUCT_COPY, type Pic } from '../../content/products.ts';
import { productLd } from '../../content/structured-data.ts';
import { ReviewsSection, WaitingList, mailto } from '../sections.tsx';
import { comingSoon } from '../../data/launches.ts';

export function product(id: ProductId) {
  const p = productById(id);
  if (!p) throw new Error(`unknown product ${id}`);
  return p;
}

/** Lowest and highest price over every configuration: the Product offer's range. */
export function priceRange(id: ProductId) {
  const totals = allConfigurations(id).map((c) => priceFor(id, c as never).total);
  return { low: Math.min(...totals), high: Math.max(...totals), count: totals.length };
}

export function ThumbnailGallery({ pictures, name }: { pictures: Pic[]; name: string }) {
  return (
    <kyb-thumbnail-gallery class="thumb-gallery" role="group" aria-label={`${name} images`}>
      {pictures.map((pic, i) => (
        <Img src={pic.src} alt={pic.alt} width={640} height={640} eager={i === 0} />
      ))}
    </kyb-thumbnail-gallery>
  );
}

/** Option lists shown inside <kyb-loc-configurator> until it upgrades (and with JavaScript off). */
export function LocOptionsFallback({ lengths, productName, extra }: { lengths: string[]; productName: string; extra?: ComponentChildren }) {
  return (
    <Fallback class="configurator-fallback">
      <div class="option-columns">
        <div>
          <h3>Length</h3>
          <p>{lengths.join(' · ')}</p>
        </div>
        <div>
          <h3>Size</h3>
          <ul class="plain-list">
            {SIZES.map((s) => (
              <li>
                {s.label}: {s.width}
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h3>Color</h3>
          <ul class="swatch-list">
            {LOC_COLORS.map((c) => (
              <li>
                <span class={`swatch swatch--${c.value}`} aria-hidden="true" />
                {c.label}
              </li>
            ))}
          </ul>
        </div>
        {extra}
      </div>
      <p class="note">
        To order without the customizer, e-mail us your choices and we will send a secure payment link: <a href={mailto(`Order: ${productName}`)}>order {productName} by e-mail</a>.
      </p>
    </Fallback>
  );
}

export const bandLabels = () => LENGTH_BANDS.map((b) => b.label);

export function ProductLayout({
  id,
  customizeTitle = 'Customize your locs',
  customizer,
  pricing,
  pricingTitle = 'Pricing',
  pricingIntro,
  extraFacts,
  children,
  afterReviews,
}: {
  id: ProductId;
  customizeTitle?: string;
  customizer: ComponentChildren;
  pricing: ComponentChildren;
  pricingTitle?: string;
  pricingIntro?: ComponentChildren;
  extraFacts?: ComponentChildren;
  children?: ComponentChildren;
  afterReviews?: ComponentChildren;
}) {
  const p = product(id);
  const copy = PRODUCT_COPY[id];
  const range = priceRange(id);
  // Until the admin's launch switch puts it on sale (site/data/launches.ts).
  const soon = comingSoon(p);
  return (
    <>
      <JsonLd
        data={productLd({
          reviewSlug: p.reviewSlug,
          name: p.title,
          description: p.description,
          path: p.href,
          image: p.image,
          sku: `KYB-${p.id.toUpperCase()}`,
          lowPrice: range.low,
          highPrice: range.high,
          offerCount: range.count,
          availability: soon ? 'PreOrder' : 'MadeToOrder',
          category: p.tag,
        })}
      />
      <section class="product-hero" aria-labelledby="page-title">
        <div class="container">
          <Breadcrumb href="/products">Back to Products</Breadcrumb>
          <div class="product-hero__grid">
            <ThumbnailGallery pictures={copy.pictures} name={p.title} />
            <div class="product-hero__info">
              <div class="product-hero__badges">
                <Badge tone="night">{p.tag}</Badge>
                {soon && <Badge tone="gold">Coming Soon</Badge>}
              </div>
              <h1 id="page-title">{p.title}</h1>
              <p class="kicker">{copy.kicker}</p>
              <p class="price price--lg">{formatFrom(fromPrice(p.id))}</p>
              <p class="lead">{p.description}</p>
              <ul class="checklist">
                {p.features.map((f) => (
                  <li>
                    <Icon name="check" /> {f}
                  </li>
                ))}
              </ul>
              {extraFacts}
              <div class="actions">
                {/* A Coming Soon product is not for sale: it offers the waiting list (issue #8). */}
                {soon ? <ButtonLink href="#waitlist">Join the Waiting List</ButtonLink> : <ButtonLink href={`#${BUY_NOW_TARGET}`}>Buy Now</ButtonLink>}
                <ButtonLink href="#customize" variant="outline">
                  Book Consultation
                </ButtonLink>
              </div>
            </div>
          </div>
        </div>
      </section>

      {soon && (
        <Section id="waitlist" tone="cream" title="Coming Soon" intro={`The ${p.title} is not on sale yet. Leave your e-mail and we will tell you the day it launches.`}>
          <div class="waitlist-band">
            <WaitingList title={p.title} />
          </div>
        </Section>
      )}

      <Section id="customize" tone="sand" title={customizeTitle} intro="Choose your options and see your price update as you go.">
        <div id={BUY_NOW_TARGET}>{customizer}</div>
        <p class="note">
          Unsure what suits you? <ExtLink href={bookingLink({ consultation: true })}>Book a free consultation</ExtLink> and a stylist will help you choose.
        </p>
      </Section>

      <Section id="pricing" title={pricingTitle} intro={pricingIntro}>
        {pricing}
      </Section>

      <Section id="features" tone="cream" title="Features">
        <div class="grid grid--4">
          {copy.highlights.map((h) => (
            <Feature icon={h.icon} title={h.title}>
              <p>{h.text}</p>
            </Feature>
          ))}
        </div>
        <div class="prose overview">
          {copy.overview.map((t) => (
            <p>{t}</p>
          ))}
        </div>
      </Section>

      {children}

      <Section id="specifications" title="Specifications">
        <div class="spec-grid">
          <dl class="specs">
            {specRows(id).map(([k, v]) => (
              <div class="specs__row">
                <dt>{k}</dt>
                <dd>{v}</dd>
              </div>
            ))}
          </dl>
          <div class="care-card">
            <h3>
              <Icon name="drop" /> Care
            </h3>
            <ul class="plain-list">
              {copy.care.map((c) => (
                <li>{c}</li>
              ))}
            </ul>
            <p class="small">
              More answers in the <a href="/faq/locs">Loc FAQ</a>.
            </p>
          </div>
        </div>
      </Section>

      <ReviewsSection slug={p.reviewSlug} name={p.title} />
      {afterReviews}
    </>
  );
}

function specRows(id: ProductId): [string, string][] {
  const copy = PRODUCT_COPY[id];
  const rows: [string, string][] = [...copy.specs];
  if (id === 'trinity-locs' || id === 'irie-locs' || id === 'jah-locs') {
    rows.push(['Locs per bundle', String(LOCS_PER_BUNDLE)], ['Sizes', SIZES.map((s) => `${s.label} ${s.width}`).join(', ')], ['Colors', LOC_COLORS.map((c) => c.label).join(', ')]);
  }
  return rows;
}
