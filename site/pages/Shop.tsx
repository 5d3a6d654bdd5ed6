/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * Shop and affiliates (docs/pages.md#shop): anchors amazon-storefront and affiliate-brands, the storefront card
 * (50+ products), eight partner brands (four featured) and three Coming Soon merchandise items, each
 * with <kyb-merch-notify item="…">.
 */
import { BUSINESS } from '../../shared/business.ts';
import { MERCHANDISE } from '../../shared/catalog.ts';
import { formatUSD } from '../../shared/pricing.ts';
import { Badge, ExtLink, Fallback, Hero, Img, Section } from '../components/ui.tsx';
import { Icon } from '../components/icons.tsx';
import { PARTNER_BRANDS } from '../content/partners.ts';
import { PartnerGrid } from './sections.tsx';

export const STOREFRONT_PRODUCTS = '50+';

export function Shop() {
  const featured = PARTNER_BRANDS.filter((b) => b.featured);
  const more = PARTNER_BRANDS.filter((b) => !b.featured);
  return (
    <>
      <Hero
        tone="sand"
        eyebrow="Shop & Affiliates"
        title="Products we trust"
        lead="The brands on our studio shelves and the tools we recommend, plus KYB merchandise coming soon."
        compact
        actions={
          <>
            <a class="btn btn--primary" href="#amazon-storefront">
              Our Storefront
            </a>
            <a class="btn btn--outline" href="#affiliate-brands">
              Partner Brands
            </a>
          </>
        }
      />

      <Section id="amazon-storefront" title="The KYB storefront">
        <article class="storefront">
          <span class="storefront__icon">
            <Icon name="basket" />
          </span>
          <div>
            <h3>{STOREFRONT_PRODUCTS} products, hand-picked</h3>
            <p>Satin bonnets, wide-tooth combs, clean shampoos, oils and loc tools we use ourselves, gathered in one Amazon storefront.</p>
            <ExtLink href={BUSINESS.amazonStorefrontUrl} sponsored class="btn btn--primary">
              Visit the storefront <Icon name="external" />
            </ExtLink>
          </div>
        </article>
        <p class="small">As an affiliate we may earn a small commission on purchases, at no extra cost to you.</p>
      </Section>

      <Section id="affiliate-brands" tone="cream" title="Partner brands">
        <h3 class="subhead">Featured</h3>
        <PartnerGrid brands={featured} headingLevel={4} pairs />
        <h3 class="subhead">More brands we love</h3>
        <PartnerGrid brands={more} headingLevel={4} pairs />
      </Section>

      <Section id="merch" title="KYB merchandise" intro="Coming soon. Leave your e-mail and we will tell you when each piece drops.">
        <div class="grid grid--3">
          {MERCHANDISE.map((m) => (
            <article class="card merch">
              <Img src={m.image} alt={m.name} width={480} height={400} class="card__media" />
              <div class="card__body">
                <Badge tone="sage">Coming Soon</Badge>
                <h3>{m.name}</h3>
                <p class="price">{formatUSD(m.price)}</p>
                <p>{m.description}</p>
                <kyb-merch-notify item={m.id}>
                  <Fallback>
                    <button type="button" class="btn btn--outline" disabled>
                      Notify Me
                    </button>
                  </Fallback>
                </kyb-merch-notify>
              </div>
            </article>
          ))}
        </div>
      </Section>
    </>
  );
}
