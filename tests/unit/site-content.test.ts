import { describe, expect, it } from 'vitest';
import { BUSINESS, bookingLink } from '../../shared/business.ts';
import { fromPrice } from '../../shared/pricing.ts';
import { REVIEW_SLUGS } from '../../shared/rules/reviews.ts';
import { abs, all, decode, jsonLd, page, pages, servedFile, usePages } from './site-pages.ts';

usePages();

describe('page content (docs/pages.md) and figures (docs/limits.md)', () => {
  it('embeds the widgets where the spec puts interaction, with prerendered fallback content', () => {
    const has = (path: string, tag: string) => expect(page(path), `${path} has ${tag}`).toContain(tag);
    for (const id of ['trinity-locs', 'irie-locs', 'jah-locs', 'diy-kit', 'lock-kit']) {
      has(`/products/${id}`, `<kyb-reviews slug="${id}">`);
      has(`/products/${id}`, `<kyb-loc-configurator product="${id}">`);
      has(`/products/${id}`, '<kyb-thumbnail-gallery');
    }
    has('/handmade-locs', '<kyb-reviews slug="handmade-locs">');
    has('/handmade-locs', '<kyb-thumbnail-gallery');
    has('/holistic-haircare', '<kyb-reviews slug="holistic-haircare">');
    has('/holistic-haircare', '<kyb-sticky-bar threshold="300">');
    has('/digital-tools/crown-planner', '<kyb-reviews slug="protective-style-planner">');
    has('/digital-tools/crown-planner', `<kyb-planner-gallery fallback-src="/images/planner-cover.svg" fallback-alt="`);
    has('/', '<kyb-newsletter source-page="/">');
    has('/products', '<kyb-waitlist>');
    has('/products', '<kyb-product-filter>');
    has('/admin/gallery', '<kyb-gallery-admin>');
    has('/admin/inbox', '<kyb-admin-inbox>');
    has('/admin/orders', '<kyb-admin-orders>');
    // Every admin page links the others, the inbox with its count of new items, the orders with those that need action.
    const admin = ['/admin/orders', '/admin/inbox', '/admin/reviews', '/admin/gallery'];
    for (const path of admin) {
      const html = page(path);
      expect(html, path).toContain(`<a href="${path}" aria-current="page">`);
      expect(html, path).toContain('Inbox<kyb-inbox-count></kyb-inbox-count></a>');
      expect(html, path).toContain('Orders<kyb-inbox-count of="orders"></kyb-inbox-count></a>');
      for (const other of admin) expect(html, `${path} links ${other}`).toContain(`href="${other}"`);
    }
    has('/account', '<kyb-account>');
    has('/beta', '<kyb-beta-gate>');
    has('/digital-tools', '<kyb-access-modal>');
    has('/digital-tools', '<kyb-vault>');
    has('/partners', '<kyb-partnership-form>');
    for (const item of ['tee', 'scarf', 'journal']) has('/shop', `<kyb-merch-notify item="${item}">`);
    has('/services', '<kyb-sticky-bar threshold="300">');
    has('/404', '<kyb-not-found></kyb-not-found>');
    // Every review slug the backend knows has a page that shows its reviews.
    const everything = pages.map((p) => p.html).join('');
    for (const slug of REVIEW_SLUGS) expect(everything, slug).toContain(`<kyb-reviews slug="${slug}">`);
    // Fallback content: no embedded element is empty except the 404 logger and the admin nav's count
    // of new inbox items (a hint beside a link: without JavaScript there is nothing to count), and the
    // whole cart on /cart, which must load at once (an on-request element with content waits for the
    // visitor): its fallback is the <noscript> right beside it.
    for (const p of pages) {
      for (const m of all(/<(kyb-[a-z-]+)([^>]*)><\/\1>/g, p.html)) {
        if (m[1] === 'kyb-cart' && m[2] === ' layout="page"' && p.html.includes(`${m[0]}<noscript><div class="card card--padded"><p>Your cart is kept`)) continue;
        expect(['kyb-not-found', 'kyb-inbox-count'], `${p.path} has an empty <${m[1]}>`).toContain(m[1]);
      }
    }
  });

  it('prerenders the catalog cards with the data the product filter sorts on', () => {
    const h = page('/products');
    const cards = all(/<article class="product-card" data-category="([^"]+)" data-price(?:="(\d*)")? data-added="(\d{4}-\d\d-\d\d)" data-rank="(\d+)"/g, h);
    // The DIY kit card shows no price (docs/data.md#entities), so it carries none to sort on: price sorts put it last.
    expect(cards.map((c) => [c[1], c[2] ?? ''])).toEqual([
      ['loc-extensions', '70'],
      ['loc-extensions', '65'],
      ['loc-extensions', '90'],
      ['diy-kit', ''],
      ['diy-kit', String(fromPrice('lock-kit'))],
    ]);
    expect(h.indexOf('<kyb-product-filter>')).toBeLessThan(h.indexOf('class="product-card"'));
    // Loc cards: Buy Now to the product page and Book Consultation to the booking service.
    expect(h).toContain('<a href="/products/irie-locs" class="btn btn--primary">Buy Now</a>');
    // The kit on sale is found where kits are (issue #29): its card beside the Coming Soon kit's, and on that kit's page.
    expect(h).toContain('<a href="/products/lock-kit" class="btn btn--primary">Buy Now</a>');
    expect(page('/products/diy-kit')).toContain('On sale now: <a href="/products/lock-kit">build your own Custom DIY Loc Kit</a>');
    expect(h).toContain(`href="${bookingLink({ consultation: true }).replace(/&/g, '&amp;')}" class="btn btn--outline" target="_blank" rel="noopener">Book Consultation`);
  });

  it('uses exclusive accordions on the FAQ pages and FAQPage structured data', () => {
    for (const path of ['/faq', '/faq/locs']) {
      const h = page(path);
      const names = new Set(all(/<details name="(faq[a-z-]*)"/g, h).map((m) => m[1]));
      // /faq: one group for the page (one question open at a time, issue #8); /faq/locs: one per group.
      expect(names.size, path).toBeGreaterThanOrEqual(path === '/faq' ? 1 : 6);
      const faq = jsonLd(h).find((b) => b['@type'] === 'FAQPage');
      expect(faq, path).toBeDefined();
      const questions = all(/<summary class="accordion__q"><span>([^<]+)<\/span>/g, h).map((m) => decode(m[1]));
      expect(faq.mainEntity.map((q: { name: string }) => q.name)).toEqual(questions);
      for (const q of faq.mainEntity) expect(q.acceptedAnswer.text.length).toBeGreaterThan(10);
    }
    // One exclusive group for the whole page: one question open at a time (docs/pages.md#faq, issue #8).
    expect([...new Set(all(/<details name="([a-z-]+)"/g, page('/faq')).map((m) => m[1]))]).toEqual(['faq']);
    expect(all(/<section id="([a-z]+)" class="faq-card"/g, page('/faq')).map((m) => m[1])).toEqual(['booking', 'services', 'locs', 'planner', 'policies', 'sourcing']);
    expect(all(/<section id="[a-z-]+" class="faq-card"/g, page('/faq/locs')).length).toBe(9);
  });

  it('describes the services with Service structured data', () => {
    const svc = jsonLd(page('/services')).find((b) => b['@type'] === 'Service');
    expect(svc).toMatchObject({
      serviceType: 'Hair Care',
      url: abs('/services'),
      provider: { '@type': 'Organization', name: BUSINESS.legalName },
      areaServed: [{ name: 'Atlanta' }, { name: 'Cayman Islands' }],
    });
    expect(svc.name).toBeTruthy();
    expect(svc.description.length).toBeGreaterThan(40);
  });

  it('describes each product with Product structured data and its price range', () => {
    const expected: Record<string, [number, number]> = {
      'trinity-locs': [70, 215],
      'irie-locs': [65, 205],
      'diy-kit': [149, 249],
    };
    for (const [id, [low, high]] of Object.entries(expected)) {
      const product = jsonLd(page(`/products/${id}`)).find((b) => b['@type'] === 'Product');
      expect(product.offers, id).toMatchObject({ '@type': 'AggregateOffer', priceCurrency: 'USD', lowPrice: low, highPrice: high });
      expect(product.url).toBe(abs(`/products/${id}`));
    }
    for (const id of ['jah-locs', 'lock-kit']) {
      const product = jsonLd(page(`/products/${id}`)).find((b) => b['@type'] === 'Product');
      expect(product.offers.lowPrice, id).toBe(id === 'jah-locs' ? 90 : 95);
    }
  });

  it('shows the floating message button on visitor pages, not over the admin tools nor on the bare /links page', () => {
    for (const p of pages) expect(p.html.includes('class="dm-fab"'), p.path).toBe(!p.path.startsWith('/admin/') && p.route.layout !== 'bare');
  });

  it('opens the booking service in a new tab; the shop buttons add to the cart, and nothing links to a payment page', () => {
    expect(page('/')).toContain(`href="${bookingLink({ consultation: true }).replace(/&/g, '&amp;')}"`);
    expect(page('/handmade-locs')).toContain('<kyb-cart add="handmade-locs"><button type="button" class="btn btn--primary">Add to Cart</button></kyb-cart>');
    const planner = page('/digital-tools/crown-planner');
    for (const [tier, label] of [
      ['pdf', 'Buy the PDF'],
      ['bundle', 'Buy the Bundle'],
    ])
      expect(planner).toMatch(
        new RegExp(
          `<kyb-cart add="crown-planner" configuration="\\{&quot;tier&quot;:&quot;${tier}&quot;\\}" after="open"><button type="button" class="btn btn--[a-z]+">${label}</button></kyb-cart>`,
        ),
      );
    for (const p of pages) expect(p.html, p.path).not.toMatch(/checkout\.square\.site|buy\.stripe\.com/);
  });

  it('links every Vault download to a real file', () => {
    const h = page('/vault');
    const downloads = all(/<a class="btn btn--primary" href="(\/downloads\/[^"]+)" download="[^"]+">/g, h).map((m) => m[1]);
    expect(downloads).toHaveLength(3);
    for (const d of downloads) expect(servedFile(d), d).toBe(true);
  });
});

describe('the loyalty card on a phone (issue #8)', () => {
  // sRGB relative luminance and WCAG contrast, for the card's lettering against what it is drawn on.
  const lum = (hex: string) => {
    const c = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
  };
  const contrast = (a: string, b: string) => {
    const [x, y] = [lum(a), lum(b)].sort((m, n) => n - m);
    return (x + 0.05) / (y + 0.05);
  };

  it('shows a 320 px phone (a 288 px column) a card whose every word is at least 12 px and 4.5:1', () => {
    for (const path of ['/rewards', '/services']) {
      const html = page(path);
      // One drawing at every width (ui/rewards/LoyaltyCard.tsx), inline in the page.
      const svg = /<svg [^>]*class="loyalty-card"[\s\S]*?<\/svg>/.exec(html)?.[0] ?? '';
      expect(svg, `${path}: the loyalty card`).not.toBe('');
      const width = Number(/viewBox="0 0 (\d+)/.exec(svg)?.[1]);
      const card = /<stop offset="0" stop-color="(#[0-9a-f]{6})"/.exec(svg)?.[1] ?? '';
      const texts = all(/<text [^>]*font-size="([\d.]+)"[^>]*fill="(#[0-9a-f]{6})"([^>]*)>([^<]+)</g, svg);
      expect(texts.length).toBeGreaterThan(5);
      for (const [, size, fill, rest, words] of texts) {
        expect(Number(size) * (288 / width), `${path}: "${words}" in px`).toBeGreaterThanOrEqual(12);
        expect(rest, `"${words}" drawn at full strength`).not.toContain('fill-opacity');
        // Dark lettering sits on a gold marker; light lettering on the card.
        const under = lum(fill) < 0.1 ? '#c9a227' : card;
        expect(contrast(fill, under), `"${words}" against ${under}`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });
});
