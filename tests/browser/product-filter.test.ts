/**
 * kyb-product-filter in Chromium on the built bundle (docs/catalog.md#products-page, #states): it
 * enhances the prerendered catalog cards (light DOM) with filtering and sorting kept in the address.
 */
import { $, assert, atUrl, choose, cleanup, equal, expectAccessible, mount, text, waitFor } from './support/helpers.ts';
// Prerendered out of Recommended order on purpose; the kit has no price on its card.
const CATALOG = `<kyb-product-filter>
  <div class="product-grid">
    <article class="product-card" id="jah" data-category="loc-extensions" data-price="90" data-added="2024-01-10" data-rank="3"><h3>Jah Locs</h3><a href="/products/jah-locs">Buy Now</a></article>
    <article class="product-card" id="kit" data-category="diy-kit" data-price="" data-added="2025-02-01" data-rank="4"><h3>DIY Kit</h3><a href="/products/diy-kit">See the kits</a></article>
    <article class="product-card" id="trinity" data-category="loc-extensions" data-price="70" data-added="2024-03-01" data-rank="1"><h3>Trinity Locs</h3><a href="/products/trinity-locs">Buy Now</a></article>
    <article class="product-card" id="irie" data-category="loc-extensions" data-price="65" data-added="2024-06-01" data-rank="2"><h3>Irie Locs</h3><a href="/products/irie-locs">Buy Now</a></article>
  </div>
</kyb-product-filter>`;

describe('kyb-product-filter', () => {
  afterEach(cleanup);

  const order = (el) => [...el.querySelectorAll('article')].map((a) => a.id).join(',');
  const shown = (el) =>
    [...el.querySelectorAll('article')]
      .filter((a) => !a.hidden)
      .map((a) => a.id)
      .join(',');
  const count = (el) => text($(el, '[part~="count"]'));
  const filterSelect = (el) => $(el, 'select[part~="filter"]');
  const sortSelect = (el) => $(el, 'select[part~="sort"]');

  it('filters and really sorts the cards (DOM order), with a live count and the choice in the address', async () => {
    await atUrl(location.pathname, async () => {
      const el = await mount(CATALOG);
      await waitFor(() => count(el) === 'Showing 4 products', 'count');
      equal(filterSelect(el).value, 'all', 'filter defaults to all');
      equal(sortSelect(el).value, 'recommended', 'sort defaults to recommended');
      equal([...filterSelect(el).options].map((o) => o.textContent).join('|'), 'All Products|Loc Extensions|DIY Kit', 'filter options');
      equal([...sortSelect(el).options].map((o) => o.textContent).join('|'), 'Recommended|Newest|Price: Low to High|Price: High to Low', 'sort options');
      equal(order(el), 'trinity,irie,jah,kit', 'Recommended = data-rank order, in the DOM');
      equal($(el, '[part~="count"]').getAttribute('role'), 'status', 'count is a live region');
      assert($(el, 'slot'), 'cards shown through a slot');
      await expectAccessible(el, 'product filter');

      choose(sortSelect(el), 'price-asc');
      await waitFor(() => order(el) === 'irie,trinity,jah,kit', `Price: Low to High (${order(el)})`);
      choose(sortSelect(el), 'price-desc');
      await waitFor(() => order(el) === 'jah,trinity,irie,kit', `Price: High to Low keeps the unpriced card last (${order(el)})`);
      choose(sortSelect(el), 'newest');
      await waitFor(() => order(el) === 'kit,irie,trinity,jah', `Newest (${order(el)})`);
      equal(new URLSearchParams(location.search).get('sort'), 'newest', 'sort kept in the address');

      // Tab order follows the new order: the first link reached is the first card's.
      const links = [...el.querySelectorAll('a')].map((a) => a.getAttribute('href'));
      equal(links[0], '/products/diy-kit', 'reading order follows the sort');

      choose(filterSelect(el), 'diy-kit');
      await waitFor(() => count(el) === 'Showing 1 product', 'count after filtering');
      equal(shown(el), 'kit', 'only the kit is shown');
      assert(el.querySelector<HTMLElement>('#jah').hidden, 'others hidden');
      equal(new URLSearchParams(location.search).get('filter'), 'diy-kit', 'filter kept in the address');
      choose(filterSelect(el), 'loc-extensions');
      await waitFor(() => count(el) === 'Showing 3 products', 'three loc extensions');
      equal(shown(el), 'irie,trinity,jah', 'loc extensions, newest first');
      await expectAccessible(el, 'product filter filtered');

      choose(filterSelect(el), 'all');
      choose(sortSelect(el), 'recommended');
      await waitFor(() => order(el) === 'trinity,irie,jah,kit' && shown(el) === 'trinity,irie,jah,kit', 'back to the defaults');
      equal(location.search, '', 'defaults leave the address clean');
    });
  });

  it('restores the selection from the address on load (a reload keeps it)', async () => {
    await atUrl(`${location.pathname}?filter=loc-extensions&sort=price-desc&utm=x`, async () => {
      const el = await mount(CATALOG);
      await waitFor(() => count(el) === 'Showing 3 products', 'count');
      equal(filterSelect(el).value, 'loc-extensions', 'filter from the address');
      equal(sortSelect(el).value, 'price-desc', 'sort from the address');
      equal(order(el), 'jah,trinity,irie,kit', 'sorted on load');
      equal(shown(el), 'jah,trinity,irie', 'filtered on load');
      assert(location.search.includes('utm=x'), 'other parameters untouched');
    });
    await atUrl(`${location.pathname}?filter=hats&sort=cheapest`, async () => {
      const el = await mount(CATALOG);
      await waitFor(() => count(el) === 'Showing 4 products', 'unknown values fall back to the defaults');
      equal(sortSelect(el).value, 'recommended', 'default sort');
    });
  });
});
