/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * The five product pages (docs/catalog.md#product-detail-pages). Every price shown is computed by shared/pricing.ts from
 * the catalog tables, the same functions <kyb-loc-configurator> uses in the browser.
 */
import { type FunctionComponent, h } from 'preact';
import { BUSINESS } from '../../../shared/business.ts';
import {
  DIY_KITS,
  DIY_KIT_SHIPPING,
  DIY_KIT_SHIPPING_ON_SALE,
  IRIE_LENGTHS,
  JAH_DEPOSIT_NOTE,
  JAH_PROCESSING_TIME,
  JAH_QUANTITIES,
  KIT_BUILDER,
  LENGTH_BANDS,
  MULTI_TONE_PRICE,
  PRODUCTS,
  SIZES,
  TRINITY_LENGTHS,
  type ProductId,
} from '../../../shared/catalog.ts';
import { formatAdder, formatUSD, fromPrice, jahBundles, priceDiyKit, priceJah } from '../../../shared/pricing.ts';
import { priceTable, priceTableOf } from '../../../ui/price-table.ts';
import { Accordion, Badge, ExtLink, Fallback, Img, Section } from '../../components/ui.tsx';
import { Icon } from '../../components/icons.tsx';
import { LOCK_KIT_FAQ, LOCK_KIT_TABS } from '../../content/products.ts';
import { SOCIALS } from '../../content/socials.ts';
import { CatalogRating, mailto } from '../sections.tsx';
import { comingSoon } from '../../data/launches.ts';
import { LocOptionsFallback, ProductLayout, bandLabels, product } from './ProductLayout.tsx';

function MultiToneNote() {
  return <p class="note">Multi-tone custom color: {formatAdder(MULTI_TONE_PRICE)} per order.</p>;
}

/** The page's price table: the markup the configurator uses too (ui/price-table.ts). */
function PriceTable({ id }: { id: ProductId }) {
  const t = priceTableOf(id);
  return t ? priceTable(h, t, { wrap: 'table-wrap', table: 'price-table', muted: 'small', region: true }) : null;
}

/** Trinity and Irie: one price per length (size does not change it). */
function FactorPricing({ id }: { id: 'trinity-locs' | 'irie-locs' }) {
  return (
    <>
      <PriceTable id={id} />
      <MultiToneNote />
    </>
  );
}

function FactorLocPage({ id }: { id: 'trinity-locs' | 'irie-locs' }) {
  const p = product(id);
  const lengths = id === 'trinity-locs' ? TRINITY_LENGTHS : IRIE_LENGTHS;
  return (
    <ProductLayout
      id={id}
      customizer={
        <kyb-loc-configurator product={id}>
          <LocOptionsFallback productName={p.title} lengths={lengths.map((l) => `${l.inches} in`)} />
        </kyb-loc-configurator>
      }
      pricing={<FactorPricing id={id} />}
      pricingIntro="Longer locs take more hair and more hours, so the price rises with length."
    />
  );
}

function JahPricing() {
  return (
    <>
      <PriceTable id="jah-locs" />
      <ul class="plain-list note">
        {JAH_QUANTITIES.map((q) => (
          <li>
            {q} locs = {jahBundles(q)} {jahBundles(q) === 1 ? 'bundle' : 'bundles'}, from{' '}
            {formatUSD(priceJah({ length: LENGTH_BANDS[0].id, size: 'XS', color: 'black', quantity: q }).total)}
          </li>
        ))}
        <li>Multi-tone custom color: {formatAdder(MULTI_TONE_PRICE)} per order.</li>
      </ul>
      <div class="notice">
        <Icon name="clock" />
        <p>
          <strong>Processing time: {JAH_PROCESSING_TIME}.</strong> {JAH_DEPOSIT_NOTE}
        </p>
      </div>
    </>
  );
}

function JahPage() {
  const p = product('jah-locs');
  return (
    <ProductLayout
      id="jah-locs"
      customizer={
        <kyb-loc-configurator product="jah-locs">
          <LocOptionsFallback
            productName={p.title}
            lengths={bandLabels()}
            extra={
              <div>
                <h3>Bundle quantity</h3>
                <p>{JAH_QUANTITIES.map((q) => `${q} locs`).join(' · ')}</p>
              </div>
            }
          />
        </kyb-loc-configurator>
      }
      pricing={<JahPricing />}
      pricingIntro="Priced by length and width. Every bundle is 20 locs; order 20, 40 or 60."
    />
  );
}

function KitCards() {
  return (
    <div class="grid grid--3 kit-grid">
      {DIY_KITS.map((k, i) => (
        <article class={i === 1 ? 'kit-card kit-card--featured' : 'kit-card'}>
          {i === 1 && <Badge tone="gold">Most popular</Badge>}
          <h3>{k.name}</h3>
          <p class="price price--lg">{formatUSD(priceDiyKit({ kit: k.id }).total)}</p>
          <p>{k.description}</p>
          <ul class="checklist">
            {k.includes.map((x) => (
              <li>
                <Icon name="check" /> {x}
              </li>
            ))}
          </ul>
        </article>
      ))}
    </div>
  );
}

/**
 * The kit a customer can buy today, where a customer looking for a kit lands (issue #29: the Custom DIY
 * Loc Kit was linked from no page).
 */
function LockKitOnSale() {
  const k = product('lock-kit');
  return (
    <p class="notice">
      <Icon name="check" />
      <span>
        On sale now: <a href={k.href}>build your own {k.title}</a>, from {formatUSD(fromPrice('lock-kit'))}.
      </span>
    </p>
  );
}

function DiyKitPage() {
  const p = product('diy-kit');
  // The admin's launch switch (site/data/launches.ts): the configurator offers Add to Cart once on sale.
  const soon = comingSoon(p);
  return (
    <ProductLayout
      id="diy-kit"
      customizeTitle="Choose your kit"
      extraFacts={<LockKitOnSale />}
      customizer={
        <kyb-loc-configurator product="diy-kit" on-sale={soon ? undefined : 'true'}>
          <Fallback class="configurator-fallback">
            <p>Three kits, one goal: a beautiful install at home. Compare them below.</p>
            {soon && (
              <p class="note">
                The DIY Trinity Loc Kit is coming soon. <a href={mailto(`Waiting list: ${p.title}`)}>Ask to be told when it launches</a> or join the waiting list on the{' '}
                <a href="/products#catalog">products page</a>.
              </p>
            )}
          </Fallback>
        </kyb-loc-configurator>
      }
      pricingTitle="Compare the kits"
      pricing={
        <>
          <KitCards />
          <p class="notice">
            <Icon name="truck" /> {soon ? DIY_KIT_SHIPPING : DIY_KIT_SHIPPING_ON_SALE}.
          </p>
        </>
      }
    />
  );
}

function KitBuilderPricing() {
  const k = KIT_BUILDER;
  const rows: { group: string; items: readonly { label: string; add: number }[] }[] = [
    { group: 'Size', items: k.sizes.map((s) => ({ label: `${s.label} (${SIZES.find((x) => x.id === s.value)!.width})`, add: s.add })) },
    { group: 'Number of locs', items: k.counts },
    { group: 'Length', items: k.lengths },
    { group: 'Color', items: k.colors },
    { group: 'Add-ons', items: k.addOns },
  ];
  return (
    <>
      <p class="price price--lg">Base kit {formatUSD(k.basePrice)}</p>
      <div class="grid grid--3 adder-grid">
        {rows.map((r) => (
          <div class="adder-card">
            <h3>{r.group}</h3>
            <ul class="plain-list">
              {r.items.map((it) => (
                <li>
                  <span>{it.label}</span> <strong>{formatAdder(it.add) || 'included'}</strong>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <p class="notice">
        <Icon name="truck" /> {k.shipping}; {k.finalSale.toLowerCase()}.
      </p>
    </>
  );
}

function LockKitPage() {
  const p = product('lock-kit');
  const related = PRODUCTS.filter((x) => x.id !== 'lock-kit' && x.listed);
  return (
    <ProductLayout
      id="lock-kit"
      customizeTitle="Build your kit"
      customizer={
        <kyb-loc-configurator product="lock-kit">
          <LocOptionsFallback
            productName={p.title}
            lengths={bandLabels()}
            extra={
              <div>
                <h3>Count and add-ons</h3>
                <p>
                  {KIT_BUILDER.counts.map((c) => c.label).join(' · ')}; {KIT_BUILDER.addOns.map((a) => a.label.toLowerCase()).join(', ')}
                </p>
              </div>
            }
          />
        </kyb-loc-configurator>
      }
      pricingTitle="How your kit is priced"
      pricing={<KitBuilderPricing />}
      afterReviews={
        <>
          <Section id="related" tone="sand" title="Related products">
            <div class="grid grid--4">
              {related.map((r) => (
                <article class="card card--link">
                  <Img src={r.image} alt={`${r.title}: handmade locs`} width={480} height={400} class="card__media" />
                  <div class="card__body">
                    <h3>{r.title}</h3>
                    <CatalogRating slug={r.reviewSlug} href={r.href} />
                    <a class="card__cta" href={r.href}>
                      View {r.title} <Icon name="arrow-right" />
                    </a>
                  </div>
                </article>
              ))}
            </div>
          </Section>
          <Section id="follow" title="Follow the process" intro="See kits being made and installed, and share your own results.">
            <ul class="social-cards">
              {SOCIALS.map((s) => (
                <li>
                  <ExtLink href={s.href} class="social-card">
                    <Icon name={s.icon} /> {s.name}
                  </ExtLink>
                </li>
              ))}
            </ul>
          </Section>
        </>
      }
    >
      <Section id="kit-details" title="About this kit">
        {/* Real tabs once kyb-tabs upgrades; without JavaScript, links to sections that all show. */}
        <kyb-tabs>
          <ul class="tabs-nav" data-tabs aria-label="About this kit">
            {LOCK_KIT_TABS.map((t) => (
              <li>
                <a href={`#tab-${t.id}`}>{t.title}</a>
              </li>
            ))}
          </ul>
          <div class="tab-panels">
            {LOCK_KIT_TABS.map((t) => (
              <section id={`tab-${t.id}`} class="tab-panel" aria-labelledby={`tab-${t.id}-title`}>
                <h3 id={`tab-${t.id}-title`}>{t.title}</h3>
                {t.steps && (
                  <ol class="tab-panel__steps">
                    {t.steps.map((x) => (
                      <li>{x}</li>
                    ))}
                  </ol>
                )}
                {t.paragraphs.map((x) => (
                  <p>{x}</p>
                ))}
              </section>
            ))}
          </div>
        </kyb-tabs>
      </Section>
      <Section id="kit-faq" tone="cream" title="Kit FAQs">
        <Accordion name="faq-kit" items={LOCK_KIT_FAQ} />
        <p class="note">
          More questions? <a href={`mailto:${BUSINESS.email}`}>E-mail us</a> or read the <a href="/faq/locs">Loc FAQ</a>.
        </p>
      </Section>
    </ProductLayout>
  );
}

const PAGES: Record<ProductId, FunctionComponent> = {
  'trinity-locs': () => <FactorLocPage id="trinity-locs" />,
  'irie-locs': () => <FactorLocPage id="irie-locs" />,
  'jah-locs': JahPage,
  'diy-kit': DiyKitPage,
  'lock-kit': LockKitPage,
};

export function productPage(id: ProductId): FunctionComponent {
  const page = PAGES[id];
  if (!page) throw new Error(`no page for product ${id}`);
  return page;
}
