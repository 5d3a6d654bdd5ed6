/**
 * The islands that enhance prerendered light DOM, in Chromium on the built bundle:
 * kyb-product-filter (docs/catalog.md#products-page, #states), kyb-sticky-bar (docs/pages.md, docs/data.md#states-and-transitions, docs/limits.md), kyb-thumbnail-gallery
 * (docs/catalog.md#product-detail-pages, docs/pages.md, docs/data.md#states-and-transitions) and kyb-not-found (docs/pages.md).
 */
import { $, $$, assert, cleanup, equal, expectAccessible, mount, sendKeys, text, waitFor } from './support/helpers.ts';

const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));

/** Sets a select the way a user's change arrives (React and preact both listen to change). */
function choose(select, value) {
  select.value = value;
  select.dispatchEvent(new Event('input', { bubbles: true }));
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

/** Runs fn with the address's path/query set to `url`, restoring the test page's own afterwards. */
async function atUrl(url, fn) {
  const original = location.pathname + location.search + location.hash;
  history.replaceState(history.state, '', url);
  try {
    return await fn();
  } finally {
    history.replaceState(history.state, '', original);
  }
}

// ---------------------------------------------------------------- kyb-product-filter
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

// ---------------------------------------------------------------- kyb-sticky-bar
describe('kyb-sticky-bar', () => {
  let spacer: HTMLElement;
  beforeEach(() => {
    spacer = document.createElement('div');
    spacer.style.height = '4000px';
    document.body.append(spacer);
    window.scrollTo(0, 0);
  });
  afterEach(() => {
    window.scrollTo(0, 0);
    spacer.remove();
    cleanup();
  });

  const BAR = `<kyb-sticky-bar threshold="300"><div class="booking-bar" style="background:#211b17;color:#fff;padding:12px">
    <p><strong>Ready to book?</strong></p><a href="https://kyb.as.me/schedule" style="color:#fff">Book with Acuity</a></div></kyb-sticky-bar>`;

  async function scrollToY(y) {
    window.scrollTo(0, y);
    await waitFor(() => Math.round(window.scrollY) === y, `scrolled to ${y}`);
    await frame();
  }

  it('shows the bar only past 300 px of scroll and keeps it out of reach while hidden', async () => {
    const el = await mount(BAR);
    const bar = $(el, '[part~="bar"]');
    const link = el.querySelector('a');
    const hidden = () => bar.dataset.visible === 'false' && getComputedStyle(link).visibility === 'hidden';
    await waitFor(hidden, 'hidden at the top');
    assert(bar.inert, 'inert while hidden');
    link.focus();
    assert(document.activeElement !== link, 'the link cannot take focus while hidden');

    await scrollToY(301);
    await waitFor(() => bar.dataset.visible === 'true', 'shown past 300 px');
    await waitFor(() => getComputedStyle(link).visibility === 'visible', 'link visible');
    assert(!bar.inert, 'not inert when shown');
    link.focus();
    equal(document.activeElement, link, 'focusable when shown');
    await expectAccessible(el, 'sticky bar shown');

    await scrollToY(300);
    await waitFor(hidden, 'hidden again at exactly 300 px');
    await scrollToY(900);
    await waitFor(() => bar.dataset.visible === 'true', 'shown again further down');
    await scrollToY(120);
    await waitFor(hidden, 'hidden below the threshold');
  });

  it('follows its threshold attribute, and starts shown when the page is already scrolled', async () => {
    await scrollToY(700);
    const el = await mount(BAR.replace('threshold="300"', 'threshold="800"'));
    const bar = $(el, '[part~="bar"]');
    await frame();
    equal(bar.dataset.visible, 'false', 'hidden at 700 with threshold 800');
    el.setAttribute('threshold', '500');
    await waitFor(() => bar.dataset.visible === 'true', 'shown at 700 once the threshold is 500');
  });
});

// ---------------------------------------------------------------- kyb-thumbnail-gallery
const svg = (fill, label) =>
  `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" width="80" height="80"><rect width="80" height="80" fill="${fill}"/><text x="8" y="44">${label}</text></svg>`)}`;
const PICS = [
  [svg('#7a4b2a', '1'), 'Trinity Locs, front view'],
  [svg('#c9a227', '2'), 'Trinity Locs, side view'],
  [svg('#2f7d4f', '3'), 'Trinity Locs, back view'],
];

describe('kyb-thumbnail-gallery', () => {
  afterEach(cleanup);

  it('selects the displayed image from the thumbnails, by click and by keyboard', async () => {
    const el = await mount(
      `<kyb-thumbnail-gallery aria-label="Trinity Locs images">${PICS.map(([s, a]) => `<img src="${s}" alt="${a}" width="80" height="80">`).join('')}</kyb-thumbnail-gallery>`,
    );
    const main = el.querySelector('img');
    equal(main.getAttribute('slot'), 'main', 'first image is the main image');
    assert(main.assignedSlot, 'main image projected');
    equal(el.querySelectorAll('img').length, 3, "the page's images stay in the light DOM");
    const thumbs = () => $$(el, '[part~="thumb"]');
    equal(thumbs().length, 3, 'one thumbnail per image');
    equal(
      thumbs()
        .map((b) => b.getAttribute('aria-pressed'))
        .join(','),
      'true,false,false',
      'first selected',
    );
    equal(
      thumbs()
        .map((b) => b.tabIndex)
        .join(','),
      '0,-1,-1',
      'one tab stop',
    );
    equal(thumbs()[1].getAttribute('aria-label'), 'Show image 2 of 3: Trinity Locs, side view', 'named');
    await expectAccessible(el, 'thumbnail gallery');

    thumbs()[1].click();
    await waitFor(() => main.getAttribute('alt') === PICS[1][1], 'main image swapped');
    equal(main.getAttribute('src'), PICS[1][0], 'src swapped');
    equal(
      thumbs()
        .map((b) => b.getAttribute('aria-pressed'))
        .join(','),
      'false,true,false',
      'second selected',
    );

    thumbs()[1].focus();
    await sendKeys({ press: 'ArrowRight' });
    await waitFor(() => main.getAttribute('alt') === PICS[2][1], 'ArrowRight selects the next');
    equal(el.shadowRoot.activeElement, thumbs()[2], 'focus follows');
    await sendKeys({ press: 'ArrowRight' });
    await waitFor(() => main.getAttribute('alt') === PICS[0][1], 'wraps to the first');
    equal(main.getAttribute('src'), PICS[0][0], 'first src back');
    await sendKeys({ press: 'End' });
    await waitFor(() => main.getAttribute('alt') === PICS[2][1], 'End');
    await sendKeys({ press: 'ArrowLeft' });
    await waitFor(() => main.getAttribute('alt') === PICS[1][1], 'ArrowLeft');
    await sendKeys({ press: 'Home' });
    await waitFor(() => main.getAttribute('alt') === PICS[0][1], 'Home');
    equal(
      thumbs()
        .map((b) => b.tabIndex)
        .join(','),
      '0,-1,-1',
      'tab stop moves with the selection',
    );
    await expectAccessible(el, 'thumbnail gallery after selection');
  });

  it('uses an explicit slot="main" image and data-full large files', async () => {
    const el = await mount(`<kyb-thumbnail-gallery>
      <img slot="main" src="${PICS[0][0]}" alt="${PICS[0][1]}">
      <img src="${svg('#eee', 'a')}" data-full="${PICS[0][0]}" alt="${PICS[0][1]}">
      <img src="${svg('#ddd', 'b')}" data-full="${PICS[2][0]}" alt="${PICS[2][1]}">
    </kyb-thumbnail-gallery>`);
    const main = el.querySelector('img[slot="main"]');
    const thumbs = $$(el, '[part~="thumb"]');
    equal(thumbs.length, 2, 'the other images are the thumbnails');
    equal(thumbs[0].getAttribute('aria-pressed'), 'true', 'the thumbnail of the main image is selected');
    thumbs[1].click();
    await waitFor(() => main.getAttribute('src') === PICS[2][0], 'the large file is shown');
  });
});

// ---------------------------------------------------------------- kyb-not-found
describe('kyb-not-found', () => {
  afterEach(cleanup);

  it('logs the missing path to the console and names it on the page', async () => {
    const real = console.error;
    const logged = [];
    console.error = (...args) => logged.push(args);
    try {
      await atUrl('/no/such-page', async () => {
        const el = await mount('<kyb-not-found></kyb-not-found>');
        await waitFor(() => logged.length, 'console.error');
        equal(logged[0][0], '404 Error: User attempted to access non-existent route:', 'message');
        equal(logged[0][1], '/no/such-page', 'path');
        equal(text($(el, '[part~="path"]')), 'You were looking for /no/such-page', 'path shown');
        await expectAccessible(el, 'not found');
      });
    } finally {
      console.error = real;
    }
  });
});
