/**
 * The lead forms in Chromium, built bundle, real local stack (docs/pages.md, docs/data.md#states-and-transitions,
 * docs/limits.md#validation-rules, docs/data.md#calls, docs/errors.md, docs/limits.md): kyb-vault,
 * kyb-partnership-form, kyb-merch-notify. Every form stores what the visitor typed through the
 * lead-capture function; each test reads the stored row back with a service-role REST query.
 *
 * The functions rate-limit per client (lead-capture 20, beta-access 10 per 10 minutes) and every
 * browser test shares one client address: access-modal, beta-gate and lead-forms together send 7
 * leads and 2 password checks.
 */
import {
  $,
  $$,
  assert,
  button,
  cleanup,
  equal,
  expectAccessible,
  field,
  mount,
  requestsTo,
  text,
  toasts,
  type,
  uniqueEmail,
  waitFor,
  choose,
  waitForToast,
} from './support/helpers.ts';
import { errorsOf, offline, oneLead, tracked } from './support/leads.ts';
describe('kyb-vault', () => {
  afterEach(cleanup);

  /** Captures download-link clicks (and stops the browser acting on them). */
  function downloads() {
    const hits = [];
    const on = (e) => {
      const a = e.composedPath()[0];
      if (a instanceof HTMLAnchorElement && a.hasAttribute('download')) {
        e.preventDefault();
        hits.push({ href: a.href, download: a.getAttribute('download') });
      }
    };
    document.addEventListener('click', on, true);
    return { hits, stop: () => document.removeEventListener('click', on, true) };
  }

  it('shows the three items; an e-mail starts the real download after 1 s, stored as a lead', async () => {
    const el = await mount('<kyb-vault></kyb-vault>');
    const cards = $$(el, '[part~="card"]');
    equal(cards.map((c) => text(c.querySelector('h3'))).join('|'), 'Starter Care Checklist|Takedown Guide|Ritual Tracker', 'three items');
    equal(cards.map((c) => text(c.querySelector('[part~="type"]'))).join('|'), 'PDF|PDF|Digital', 'file types');
    await expectAccessible(el, 'vault');
    const card = cards[0];
    const submit = card.querySelector('button[type="submit"]');
    assert(submit.disabled, 'submit disabled while the e-mail is empty');
    const input = card.querySelector('input[type="email"]');
    const email = uniqueEmail('vault');
    await type(input, email);
    assert(!submit.disabled, 'enabled once typed');

    const dl = downloads();
    try {
      const t0 = performance.now();
      submit.click();
      await waitFor(() => submit.disabled && text(submit).startsWith('Preparing...'), 'busy: disabled');
      await waitFor(() => card.querySelector('[part~="done"]'), 'done state');
      const took = performance.now() - t0;
      assert(took >= 950, `done after the 1 s delay (took ${Math.round(took)} ms)`);
      assert(text(card).includes('Your download has started.'), 'download started message');
      await waitFor(() => dl.hits.length === 1, 'the download link was followed');
      equal(new URL(dl.hits[0].href).pathname, '/downloads/starter-care-checklist.pdf', 'the real file (a PDF, as labelled)');
      equal(dl.hits[0].download, 'kyb-starter-care-checklist.pdf', 'as a download');
      const again = card.querySelector('[part~="download-again"]');
      equal(text(again), 'Download Again: Starter Care Checklist', 'Download Again');
      equal(again.href, dl.hits[0].href, 'Download Again points at the same file');
      again.click();
      equal(dl.hits.length, 2, 'Download Again downloads');
    } finally {
      dl.stop();
    }
    assert(cards[1].querySelector('form'), 'other cards untouched');
    const ev = tracked('VaultItemOptIn').at(-1);
    equal(ev?.metadata?.item, 'Starter Care Checklist', 'VaultItemOptIn item');
    equal(ev?.metadata?.email, email, 'VaultItemOptIn email');
    const row = await oneLead(email, 'vault_optin');
    equal(row.payload.item, 'Starter Care Checklist', 'item stored');
    await expectAccessible(el, 'vault done');
  });

  it('takes its items from the items attribute, and keeps the e-mail when the backend is down', async () => {
    const items = [{ id: 'guide', title: 'Loc Journey Guide', description: 'A test file.', fileType: 'PDF', href: '/files/guide.pdf', download: 'guide.pdf' }];
    await offline(async () => {
      const el = await mount(`<kyb-vault items='${JSON.stringify(items)}'></kyb-vault>`);
      const cards = $$(el, '[part~="card"]');
      equal(cards.length, 1, 'one item');
      equal(text(cards[0].querySelector('h3')), 'Loc Journey Guide', 'title from the attribute');
      const dl = downloads();
      try {
        await type(cards[0].querySelector('input'), 'kept@example.com');
        cards[0].querySelector('button[type="submit"]').click();
        await waitForToast(el, 'Something went wrong', 'Please try again later or contact support');
        equal(cards[0].querySelector('input').value, 'kept@example.com', 'e-mail kept');
        equal(dl.hits.length, 0, 'no download without the opt-in stored');
        assert(!cards[0].querySelector('button[type="submit"]').disabled, 'can retry');
      } finally {
        dl.stop();
      }
    });
  });
});

describe('kyb-partnership-form', () => {
  afterEach(cleanup);

  it('validates, stores the inquiry, thanks, and Submit Another Inquiry starts afresh', async () => {
    const el = await mount('<kyb-partnership-form></kyb-partnership-form>');
    await expectAccessible(el, 'partnership form');
    const types = [...field(el, 'Partnership Type').options].slice(1).map((o) => `${o.value}=${o.textContent}`);
    equal(types.join('|'), 'affiliate=Affiliate Partnership|supplier=Supplier/Vendor|collaboration=Brand Collaboration|other=Other', 'options');
    const t0 = performance.now();
    button(el, 'Submit Inquiry').click();
    await waitFor(() => errorsOf(el.shadowRoot).length === 2, 'required errors');
    equal(errorsOf(el.shadowRoot).join('|'), 'Name is required|Email is required', 'messages');
    await waitFor(() => el.shadowRoot.activeElement === field(el, 'Full Name'), 'focus on the first invalid field');
    await type(field(el, 'Full Name'), 'Zuri Adeyemi');
    await type(field(el, 'Email Address'), 'zuri@');
    button(el, 'Submit Inquiry').click();
    await waitFor(() => errorsOf(el.shadowRoot).includes('Please enter a valid email address'), 'email format');
    equal(requestsTo('/functions/v1/', t0).length, 0, 'nothing sent while invalid');
    await expectAccessible(el, 'partnership form with errors');

    const email = uniqueEmail('partner');
    await type(field(el, 'Email Address'), email);
    await type(field(el, 'Company/Brand Name'), 'Zuri Botanicals');
    choose(field(el, 'Partnership Type'), 'collaboration');
    await type(field(el, 'Message/Notes'), 'A scalp oil collaboration.');
    button(el, 'Submit Inquiry').click();
    await waitFor(() => $(el, '[part~="success"]'), 'thank-you');
    assert(!$(el, 'form'), 'the form is replaced');
    assert(text($(el, '[part~="success"]')).includes('within 2-3 business days'), 'reply time');
    await waitFor(() => el.shadowRoot.activeElement === $(el, '[data-focus="thanks"]'), 'focus on the thank-you');
    await expectAccessible(el, 'partnership thank-you');
    const row = await oneLead(email, 'partnership');
    equal(row.payload.name, 'Zuri Adeyemi', 'name');
    equal(row.payload.company, 'Zuri Botanicals', 'company');
    equal(row.payload.partnershipType, 'collaboration', 'type');
    equal(row.payload.message, 'A scalp oil collaboration.', 'message');

    button(el, 'Submit Another Inquiry').click();
    await waitFor(() => $(el, 'form'), 'editing again');
    equal(field(el, 'Full Name').value, '', 'name reset');
    equal(field(el, 'Email Address').value, '', 'email reset');
    equal(field(el, 'Partnership Type').value, '', 'type reset');
  });

  it('keeps every field and shows an error toast when sending fails', async () => {
    await offline(async () => {
      const el = await mount('<kyb-partnership-form></kyb-partnership-form>');
      await type(field(el, 'Full Name'), 'Zuri Adeyemi');
      await type(field(el, 'Email Address'), 'zuri@example.com');
      await type(field(el, 'Message/Notes'), 'Please keep this text.');
      button(el, 'Submit Inquiry').click();
      const t = await waitForToast(el, 'Something went wrong');
      equal(t.variant, 'destructive', 'destructive');
      assert($(el, 'form'), 'still the form');
      equal(field(el, 'Message/Notes').value, 'Please keep this text.', 'message kept');
      equal(field(el, 'Email Address').value, 'zuri@example.com', 'email kept');
    });
  });
});

describe('kyb-merch-notify', () => {
  afterEach(cleanup);

  it('stores the e-mail for the item and says it will let you know', async () => {
    const el = await mount('<kyb-merch-notify item="scarf"></kyb-merch-notify>');
    await expectAccessible(el, 'merch notify');
    const input = field(el, 'Email for the Satin Crown Scarf');
    const t0 = performance.now();
    await type(input, 'nope@');
    button(el, 'Notify Me').click();
    await waitFor(() => errorsOf(el.shadowRoot).includes('Please enter a valid email address'), 'email format');
    equal(input.getAttribute('aria-invalid'), 'true', 'aria-invalid');
    equal(requestsTo('/functions/v1/', t0).length, 0, 'nothing sent');
    await expectAccessible(el, 'merch notify with error');
    const email = uniqueEmail('merch');
    await type(input, email);
    button(el, 'Notify Me').click();
    await waitFor(() => $(el, '[part~="success"]'), 'success');
    equal(text($(el, '[part~="success"]')), "You're on the list! We'll let you know when the Satin Crown Scarf drops.", 'success text');
    await expectAccessible(el, 'merch notify done');
    const row = await oneLead(email, 'merch_notify');
    equal(row.payload.item, 'Satin Crown Scarf', 'item stored');
    assert(
      toasts(el).every((t) => t.variant !== 'destructive'),
      'no error toast',
    );
  });
});
