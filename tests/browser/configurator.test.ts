/**
 * kyb-loc-configurator in Chromium, from the built bundle. Expected prices are restated from docs/limits.md
 * (not read from the catalog) so a wrong table fails here too.
 */
import { $, $$, assert, button, cleanup, equal, expectAccessible, listen, meta, mount, sendKeys, text, waitFor } from './support/helpers.ts';

const ORIGINAL_URL = location.href;
const bundle = meta('kyb-test-bundle');

function reset() {
  cleanup();
  history.replaceState(history.state, '', ORIGINAL_URL);
  for (const k of Object.keys(localStorage)) if (k.startsWith('kyb-configurator:')) localStorage.removeItem(k);
}

const total = (el) => Number($(el, '[part~="price"] output').dataset.price);
const shownTotal = (el) => text($(el, '[part~="price"] output'));
const radio = (el, group, value) => {
  const r = $(el, `fieldset[data-group="${group}"] input[value="${value}"]`);
  assert(r, `no ${group} option ${value} (have: ${$$(el, `fieldset[data-group="${group}"] input`).map((i) => i.value)})`);
  return r;
};
const choose = async (el, group, value) => {
  radio(el, group, value).click();
  await waitFor(() => radio(el, group, value).checked, `${group}=${value} checked`);
};
const breakdown = (el) => $$(el, '[part~="breakdown"] li').map((li) => [...li.children].map(text));

describe('kyb-loc-configurator', () => {
  beforeEach(reset);
  afterEach(reset);

  it('Trinity Locs: every length at $70 × factor, multi-tone +$75, size free, live breakdown and event', async () => {
    const events = listen('kyb-price-change');
    const el = await mount('<kyb-loc-configurator product="trinity-locs"></kyb-loc-configurator>');
    await waitFor(() => events.events.length > 0, 'initial kyb-price-change');
    equal(total(el), 70, 'default 12 in');
    equal(radio(el, 'size', 'MD').checked, true, 'MD is the default size (docs/limits.md)');
    await expectAccessible(el, 'trinity configurator');
    const table = { 12: 70, 16: 84, 20: 98, 24: 112, 28: 126, 32: 140 };
    for (const [len, price] of Object.entries(table)) {
      await choose(el, 'length', len);
      await waitFor(() => total(el) === price, `${len} in = $${price} (shown ${shownTotal(el)})`);
      equal(shownTotal(el), `$${price}`, 'formatted');
    }
    await choose(el, 'size', 'XS');
    equal(total(el), 140, 'size does not change the price');
    await choose(el, 'color', 'multi-tone');
    await waitFor(() => total(el) === 215, 'multi-tone +$75');
    assert(text($(el, 'fieldset[data-group="color"]')).includes('+$75'), 'the +$75 is shown on the option');
    const lines = breakdown(el);
    equal(lines.length, 2, `two lines (${JSON.stringify(lines)})`);
    equal(lines[1].join(' '), 'Multi-tone custom color $75', 'multi-tone line');
    // The event follows the render (an effect), so wait for it rather than read it at once.
    await waitFor(() => events.events.at(-1)?.detail.price === 215, 'kyb-price-change with the new price');
    const last = events.events.at(-1).detail;
    events.stop();
    equal(last.product, 'trinity-locs', 'event product');
    equal(last.price, 215, 'event price');
    equal(last.currency, 'USD', 'event currency');
    equal(JSON.stringify(last.configuration), JSON.stringify({ length: 32, size: 'XS', color: 'multi-tone' }), 'event configuration');
    await expectAccessible(el, 'trinity configurator, multi-tone');
  });

  it('Irie Locs: $65 base, 26 in at 1.7 (rounded up to $111), no 28 in', async () => {
    const el = await mount('<kyb-loc-configurator product="irie-locs"></kyb-loc-configurator>');
    const lengths = $$(el, 'fieldset[data-group="length"] input').map((i) => i.value);
    equal(lengths.join(','), '12,16,20,24,26,32', 'Irie lengths');
    const table = { 12: 65, 16: 78, 20: 91, 24: 104, 26: 111, 32: 130 };
    for (const [len, price] of Object.entries(table)) {
      await choose(el, 'length', len);
      await waitFor(() => total(el) === price, `${len} in = $${price} (shown ${shownTotal(el)})`);
    }
  });

  it('Jah Locs: the pricing table, per-bundle sizes, quantity in bundles, processing note', async () => {
    const el = await mount('<kyb-loc-configurator product="jah-locs"></kyb-loc-configurator>');
    const rows = $$(el, '[part~="table"] tbody tr').map((tr) => [...tr.children].map(text));
    equal(
      JSON.stringify(rows),
      JSON.stringify([
        ['12-14 in', '$90', '$105', '$120'],
        ['16-18 in', '$110', '$125', '$140'],
        ['24-26 in', '$130', '$145', '$160'],
        ['32 in', '$150', '$165', '$180'],
      ]),
      'Jah pricing table (XS, SM +$15, MD +$30)',
    );
    assert(text(el.shadowRoot).includes('Processing time: 3-4 weeks'), 'processing note');
    assert(text(el.shadowRoot).includes('deposit'), 'deposit note');
    // issue #8: it opened at $120 (MD) beside "From $90".
    equal(total(el), 90, 'opens at the From price: 12-14 in, XS, 20 locs');
    equal(radio(el, 'size', 'XS').checked, true, 'XS chosen at first');
    await choose(el, 'length', '16-18');
    await choose(el, 'size', 'SM');
    await choose(el, 'quantity', '40');
    await waitFor(() => total(el) === 250, `(110 + 15) × 2 = 250 (shown ${shownTotal(el)})`);
    await choose(el, 'quantity', '60');
    await choose(el, 'color', 'multi-tone');
    await waitFor(() => total(el) === 450, `(110 + 15) × 3 + 75 = 450 (shown ${shownTotal(el)})`);
    equal(
      JSON.stringify(breakdown(el)),
      JSON.stringify([
        ['16-18 in bundle of 20 ($110) × 3 bundles', '$330'],
        ['Size SM (+$15 per bundle) × 3 bundles', '$45'],
        ['Multi-tone custom color', '$75'],
      ]),
      'breakdown',
    );
    await expectAccessible(el, 'jah configurator');
  });

  it('DIY kit: starter by default, premium and complete, pricing table and shipping note', async () => {
    const el = await mount('<kyb-loc-configurator product="diy-kit"></kyb-loc-configurator>');
    equal($(el, 'input[name="kit"]:checked').value, 'starter', 'starter is the default');
    equal(total(el), 149, 'starter $149');
    const rows = $$(el, '[part~="table"] tbody tr').map((tr) => [...tr.children].map(text).join(' '));
    equal(rows.join(' | '), 'Starter Kit $149 | Premium Kit $199 | Complete Kit $249', 'kit pricing table');
    assert(text(el.shadowRoot).includes('Will ship in 3-5 business days once the kit launches'), 'shipping note');
    $(el, 'input[name="kit"][value="premium"]').click();
    await waitFor(() => total(el) === 199, 'premium $199');
    $(el, 'input[name="kit"][value="complete"]').click();
    await waitFor(() => total(el) === 249, 'complete $249');
    // Coming Soon (issue #8): the waiting list, not a purchase.
    equal($(el, '[part~="add-to-cart"]'), null, 'no Add to Cart (the checkout refuses it too)');
    equal(new URL(button(el, 'Join the Waiting List').href).pathname + new URL(button(el, 'Join the Waiting List').href).hash, '/products/diy-kit#waitlist', 'to the waiting list');
    await expectAccessible(el, 'diy kit configurator');
  });

  it('kit builder: base $95 plus each adder and the add-ons, U.S.-only and final-sale notes', async () => {
    const el = await mount('<kyb-loc-configurator product="lock-kit"></kyb-loc-configurator>');
    await waitFor(() => total(el) === 95, 'opens at the From price: base kit $95 (issue #8)');
    await choose(el, 'size', 'SM'); // +5
    await choose(el, 'count', '60'); // +50
    await choose(el, 'length', '24-26'); // +35
    await choose(el, 'color', 'honey-blonde'); // +10
    $(el, 'input[name="addons"][value="wrapping-hair"]').click(); // +12
    $(el, 'input[name="addons"][value="satin-bag"]').click(); // +8
    await waitFor(() => total(el) === 95 + 5 + 50 + 35 + 10 + 12 + 8, `builder total (shown ${shownTotal(el)})`);
    $(el, 'input[name="addons"][value="wrapping-hair"]').click();
    await waitFor(() => total(el) === 95 + 5 + 50 + 35 + 10 + 8, 'add-on removed');
    const notes = text($(el, '[part~="summary"]'));
    assert(notes.includes('Ships to the U.S. only') && notes.includes('Kits are final sale'), `notes (${notes})`);
    await expectAccessible(el, 'kit builder');
  });

  it('radio groups work from the keyboard', async () => {
    const el = await mount('<kyb-loc-configurator product="trinity-locs"></kyb-loc-configurator>');
    radio(el, 'length', '12').focus();
    await sendKeys({ press: 'ArrowRight' });
    await waitFor(() => radio(el, 'length', '16').checked && total(el) === 84, 'ArrowRight picks 16 in');
    const body = radio(el, 'length', '16').nextElementSibling;
    assert(getComputedStyle(body).boxShadow !== 'none', 'the focused option shows a focus ring');
    assert(body.getBoundingClientRect().height >= 44 && body.getBoundingClientRect().width >= 44, 'option is at least 44 px');
  });

  it("Add to Cart puts exactly the chosen configuration in the page's cart; Book Consultation carries the appointmentType in a new tab", async () => {
    const cart = await mount('<kyb-cart></kyb-cart>');
    const el = await mount('<kyb-loc-configurator product="jah-locs"></kyb-loc-configurator>');
    await choose(el, 'length', '24-26');
    await choose(el, 'size', 'MD');
    await choose(el, 'color', 'multi-tone');
    await choose(el, 'quantity', '40');
    await waitFor(() => total(el) === 395, '(130 + 30) × 2 + 75');
    const requests = listen('kyb-request-cart');
    button(el, 'Add to Cart').click();
    await waitFor(() => JSON.parse(localStorage.getItem('kyb-cart') ?? 'null')?.lines?.length, 'the line stored by the cart');
    requests.stop();
    equal(
      JSON.stringify(requests.events.map((e) => e.detail)),
      JSON.stringify([{ add: { product: 'jah-locs', configuration: { length: '24-26', size: 'MD', color: 'multi-tone', quantity: 40 } } }]),
      'the request: the product and its configuration, no price',
    );
    equal(
      JSON.stringify(JSON.parse(localStorage.getItem('kyb-cart')).lines),
      JSON.stringify([{ product: 'jah-locs', configuration: { length: '24-26', size: 'MD', color: 'multi-tone', quantity: 40 }, quantity: 1 }]),
      'one line, as chosen',
    );
    await waitFor(() => text($(cart, '[part~="count"]')) === '1', 'the header count');
    await waitFor(() => text($(cart, '[part~="notice"]:popover-open [part~="name"]')) === 'Jah Locs', 'the cart notification: Jah Locs');
    const book = button(el, 'Book Consultation');
    equal(book.target, '_blank', 'booking in a new tab');
    const u = new URL(book.href);
    equal(u.protocol, 'https:', 'external booking service');
    assert(/^\d+$/.test(u.searchParams.get('appointmentType') ?? ''), `appointmentType carried (${book.href})`);
    cart.parentElement.remove();
    localStorage.removeItem('kyb-cart');
  });

  it('an unknown product is a clear error, not a broken price', async () => {
    const el = await mount('<kyb-loc-configurator product="mug"></kyb-loc-configurator>');
    const err = $(el, '[part~="error"]');
    assert(err && text(err).includes('Unknown product'), 'error shown');
    assert(text(err).includes('trinity-locs'), 'lists the valid products');
  });

  it('a shared link sets the configuration (URL wins over storage), survives a real reload, and Copy link copies it', async () => {
    localStorage.setItem('kyb-configurator:trinity-locs', 'length=24&size=XS&color=honey-blonde');
    const frame = document.createElement('iframe');
    frame.style.cssText = 'width:1000px;height:1200px';
    const page = (query) => `/tests/browser/fixtures/product-page.html${query}#${new URLSearchParams({ bundle, product: 'trinity-locs' })}`;
    frame.src = page('?length=20&size=SM&color=Brown&utm_source=ig');
    const el = () => frame.contentDocument?.querySelector('kyb-loc-configurator');
    const ready = () => el()?.shadowRoot?.querySelector('[part~="price"] output');
    /** Navigate the frame and wait for the NEW document's configurator (the old one lingers a moment). */
    const navigate = async (go, what) => {
      if (frame.contentWindow) frame.contentWindow.__stale = true;
      go();
      await waitFor(() => frame.contentWindow && !frame.contentWindow.__stale && frame.contentWindow.priceEvents?.length && ready(), what, 15_000);
    };
    try {
      await navigate(() => document.body.append(frame), 'configurator in the iframe');
      equal(total(el()), 98, 'the link wins: 20 in');
      equal(radio(el(), 'size', 'SM').checked, true, 'SM from the link');
      equal(radio(el(), 'color', 'brown').checked, true, 'Brown from the link');

      // A change is stored and written to the address bar (other query keys kept).
      await choose(el(), 'length', '28');
      await waitFor(() => frame.contentWindow.location.search.includes('length=28'), 'address updated');
      const search = new URLSearchParams(frame.contentWindow.location.search);
      equal(search.get('utm_source'), 'ig', 'other query keys kept');
      equal(search.get('color'), 'brown', 'colour in the address');
      equal(localStorage.getItem('kyb-configurator:trinity-locs'), 'length=28&size=SM&color=brown', 'stored');

      // Real reload: the configuration survives.
      await navigate(() => frame.contentWindow.location.reload(), 'reloaded');
      equal(total(el()), 126, 'still 28 in after reload');

      // Without a query the stored configuration comes back.
      await navigate(() => (frame.src = page('')), 'clean page');
      equal(total(el()), 126, 'stored 28 in');
      equal(radio(el(), 'color', 'brown').checked, true, 'stored colour');
      equal(frame.contentWindow.location.search, '', 'nothing written to the address before a change');

      // Copy link: the clipboard gets the shareable address, the status says so.
      const win = frame.contentWindow;
      let copied = null;
      Object.defineProperty(win.navigator, 'clipboard', {
        configurable: true,
        value: {
          writeText: async (s) => {
            copied = s;
          },
        },
      });
      button(el(), 'Copy link').click();
      await waitFor(() => text($(el(), '.cfg__copy-status')) === 'Link copied', 'Link copied status');
      const link = new URL(copied);
      equal(link.pathname, '/tests/browser/fixtures/product-page.html', 'same page');
      equal(`${link.searchParams.get('length')}|${link.searchParams.get('size')}|${link.searchParams.get('color')}`, '28|SM|brown', 'configuration in the link');

      // No clipboard permission: the link is shown to copy by hand.
      Object.defineProperty(win.navigator, 'clipboard', {
        configurable: true,
        value: {
          writeText: async () => {
            throw new Error('denied');
          },
        },
      });
      button(el(), 'Copy link').click();
      const manual = await waitFor(() => $(el(), '.cfg__manual input'), 'manual copy field');
      equal(new URL(manual.value).searchParams.get('length'), '28', 'manual field holds the link');

      // A link with a value the catalog does not offer keeps the rest and ignores that key.
      await navigate(() => (frame.src = page('?length=30&color=Burgundy')), 'bad link page');
      equal(radio(el(), 'color', 'burgundy').checked, true, 'valid key applied');
      equal(total(el()), 126, 'invalid length ignored (stored 28 in kept)');
    } finally {
      frame.remove();
    }
  });
});
