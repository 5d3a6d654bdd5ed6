/**
 * The small form islands in Chromium, built bundle, real local stack (docs/pages.md, docs/data.md#states-and-transitions, docs/limits.md#validation-rules, docs/data.md#calls, docs/errors.md, docs/limits.md):
 * kyb-access-modal, kyb-beta-gate, kyb-vault, kyb-partnership-form, kyb-merch-notify.
 * Every form stores what the visitor typed through the lead-capture function; each test reads the
 * stored row back with a service-role REST query.
 *
 * The functions rate-limit per client (lead-capture 20, beta-access 10 per 10 minutes) and every
 * browser test shares one client address: this file sends 7 leads and 2 password checks.
 */
import {
  $,
  $$,
  assert,
  backendUrl,
  button,
  cleanup,
  closedUrl,
  equal,
  expectAccessible,
  field,
  listen,
  mount,
  requestsTo,
  sendKeys,
  text,
  toasts,
  type,
  uniqueEmail,
  waitFor,
  waitForToast,
  serviceKey,
} from './support/helpers.ts';

// ---------------------------------------------------------------- service-role reads (assertions only)
/** The leads stored for an e-mail address (service role: the table is closed to anon). */
async function leadsFor(email) {
  const key = await serviceKey();
  const r = await fetch(`${backendUrl()}/rest/v1/leads?email=eq.${encodeURIComponent(email.toLowerCase())}&select=kind,email,payload,source_page&order=created_at.asc`, {
    headers: { apikey: key, authorization: `Bearer ${key}` },
  });
  const body = await r.json();
  assert(r.ok, `service-role read of leads → ${r.status} ${JSON.stringify(body)}`);
  return body;
}

async function oneLead(email, kind) {
  const rows = await leadsFor(email);
  equal(rows.length, 1, `one lead stored for ${email} (${JSON.stringify(rows)})`);
  equal(rows[0].kind, kind, 'lead kind');
  return rows[0];
}

/** The page's analytics log (widgets/core/analytics.ts keeps it on globalThis). */
const tracked = (name) => (globalThis[Symbol.for('kyb.analytics')] ?? []).filter((e) => e.name === name);

const errorsOf = (root) => [...root.querySelectorAll('.kyb-error')].map(text);

/**
 * Points the elements at a closed port for the duration of fn (a network outage). The elements log
 * the failed request; the test asserts that and keeps the output quiet.
 */
async function offline(fn) {
  const metaUrl = document.querySelector<HTMLMetaElement>('meta[name="kyb-supabase-url"]');
  const real = metaUrl.content;
  const realError = console.error;
  const logged = [];
  console.error = (...args) => logged.push(args);
  metaUrl.content = closedUrl();
  try {
    await fn();
    assert(
      logged.some((a) => String(a[0]).startsWith('[kyb]')),
      'the failure is logged for the site owner',
    );
  } finally {
    metaUrl.content = real;
    console.error = realError;
  }
}

/** Select an option the way a change by the user arrives (React and preact both listen to change). */
function choose(select, value) {
  select.value = value;
  select.dispatchEvent(new Event('input', { bubbles: true }));
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

// ---------------------------------------------------------------- kyb-access-modal
describe('kyb-access-modal', () => {
  afterEach(cleanup);

  const dialog = (el) => $(el, 'dialog');
  const open = async (el) => {
    button(el, 'Get Early Access').click();
    await waitFor(() => dialog(el).open, 'dialog open');
  };

  it('is a labelled modal dialog: focus inside, Esc closes it and focus returns to the button', async () => {
    const el = await mount('<kyb-access-modal></kyb-access-modal>');
    await expectAccessible(el, 'access modal closed');
    const trigger = button(el, 'Get Early Access');
    equal(trigger.getAttribute('aria-haspopup'), 'dialog', 'trigger announces a dialog');
    trigger.focus();
    await open(el);
    const d = dialog(el);
    equal(text(el.shadowRoot.getElementById(d.getAttribute('aria-labelledby'))), 'Get Early Access', 'dialog labelled by its title');
    assert(d.contains(el.shadowRoot.activeElement), 'focus moved into the dialog');
    equal((el.shadowRoot.activeElement as HTMLElement).dataset.choice, 'beta', 'first choice focused');
    await expectAccessible(el, 'access modal choice');
    const names = $$(el, '[data-choice] .access__option-title').map(text);
    equal(names.join('|'), 'Become a Beta Tester|Notify Me at Launch', 'the two choices');
    // The page behind is inert: tabbing reaches the dialog's controls and never the page's own
    // button (a native modal lets focus leave for the browser's UI, never for the page).
    const outside = document.createElement('button');
    outside.textContent = 'Outside';
    document.getElementById('app').prepend(outside);
    for (let i = 0; i < 6; i++) {
      await sendKeys({ press: 'Tab' });
      assert(document.activeElement !== outside, `Tab ${i + 1} reached the page behind the modal`);
      const inner = el.shadowRoot.activeElement;
      assert(!inner || d.contains(inner), `Tab ${i + 1} left the dialog`);
    }
    $(el, '[data-choice="notify"]').focus();
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !d.open, 'Esc closes the dialog');
    await waitFor(() => el.shadowRoot.activeElement === trigger, 'focus back on the trigger');
  });

  it('beta: validates, stores the request, shows the submitted state, then closes and heads to /beta-tester after 1.5 s', async () => {
    const el = await mount('<kyb-access-modal></kyb-access-modal>');
    await open(el);
    const before = tracked('AccessBetaClicked').length;
    $(el, '[data-choice="beta"]').click();
    await waitFor(() => $(el, 'form'), 'beta form');
    equal(tracked('AccessBetaClicked').length, before + 1, 'AccessBetaClicked tracked');
    equal(text($(el, 'h2')), 'Join the Beta', 'beta title');
    await waitFor(() => el.shadowRoot.activeElement === field(el, 'Name'), 'focus on Name');

    const t0 = performance.now();
    button(el, 'Request Beta Access').click();
    await waitFor(() => errorsOf(el.shadowRoot).includes('Name is required'), 'Name is required');
    assert(errorsOf(el.shadowRoot).includes('Email is required'), `Email is required (${errorsOf(el.shadowRoot)})`);
    equal(field(el, 'Name').getAttribute('aria-invalid'), 'true', 'aria-invalid');
    assert(field(el, 'Name').getAttribute('aria-describedby'), 'error wired with aria-describedby');
    equal(requestsTo('/functions/v1/', t0).length, 0, 'nothing sent');
    await expectAccessible(el, 'beta form with errors');

    const email = uniqueEmail('beta');
    await type(field(el, 'Name'), 'Nia Brown');
    await type(field(el, 'Email'), email);
    await type(field(el, 'Message (optional)'), 'I wear locs and love planners.');
    const redirects = [];
    const onRedirect = (e) => {
      e.preventDefault(); // the test page stays; the element would call location.assign otherwise
      redirects.push({ detail: e.detail, at: performance.now() });
    };
    document.addEventListener('kyb-redirect', onRedirect);
    const leads = listen('kyb-lead-submitted');
    try {
      button(el, 'Request Beta Access').click();
      await waitFor(() => text($(el, 'h2')) === 'Welcome to the beta!', 'submitted state');
      const shownAt = performance.now();
      assert(text($(el, '[part~="success"]')).includes('Thank you, Nia Brown!'), 'thanks by name');
      await expectAccessible(el, 'beta submitted');
      assert(dialog(el).open, 'still open right after submit');
      await waitFor(() => redirects.length === 1, 'redirect after the delay', 5000);
      const waited = redirects[0].at - shownAt;
      assert(waited >= 1350 && waited < 2500, `redirect ${Math.round(waited)} ms after the submitted state (1.5 s)`);
      equal(new URL(redirects[0].detail.to).pathname, '/beta-tester', 'goes to /beta-tester');
      equal(new URL(redirects[0].detail.to).search, '?request=sent', 'which then thanks instead of asking for a password (issue #8)');
      equal(redirects[0].detail.reason, 'beta-access', 'redirect reason');
      await waitFor(() => !dialog(el).open, 'modal closed');
    } finally {
      document.removeEventListener('kyb-redirect', onRedirect);
      leads.stop();
    }
    equal(leads.events.length, 1, 'one kyb-lead-submitted');
    equal(leads.events[0].detail.kind, 'access_beta', 'event kind');
    const row = await oneLead(email, 'access_beta');
    equal(row.payload.name, 'Nia Brown', 'name stored');
    equal(row.payload.message, 'I wear locs and love planners.', 'message stored');
    equal(row.source_page, location.pathname, 'source page stored');
  });

  it('notify: Back resets, submit stores and confirms, then after 2 s it resets and closes', async () => {
    const el = await mount('<kyb-access-modal></kyb-access-modal>');
    await open(el);
    const opened = tracked('NotifyModalOpened').length;
    $(el, '[data-choice="notify"]').click();
    await waitFor(() => $(el, 'form'), 'notify form');
    equal(tracked('NotifyModalOpened').length, opened + 1, 'NotifyModalOpened tracked');
    equal(text($(el, 'h2')), 'Get Notified', 'notify title');
    assert(!$(el, 'textarea'), 'no message field in the notify form');
    await type(field(el, 'Name'), 'Typed Then Abandoned');
    button(el, 'Back').click();
    await waitFor(() => $(el, '[part~="choice"]'), 'back to the choice');
    $(el, '[data-choice="notify"]').click();
    await waitFor(() => $(el, 'form'), 'notify form again');
    equal(field(el, 'Name').value, '', 'Back reset the fields');
    await expectAccessible(el, 'notify form');

    const email = uniqueEmail('notify');
    await type(field(el, 'Name'), 'Kofi Mensah');
    await type(field(el, 'Email'), email);
    button(el, 'Notify Me').click();
    await waitFor(() => text($(el, 'h2')) === "You're on the list!", 'confirmation');
    const shownAt = performance.now();
    const ev = tracked('NotifySubmitted').at(-1);
    equal(ev?.metadata?.email, email, 'NotifySubmitted tracked with the e-mail');
    await expectAccessible(el, 'notify confirmation');
    await waitFor(() => !dialog(el).open, 'closes by itself', 5000);
    const waited = performance.now() - shownAt;
    assert(waited >= 1850 && waited < 3000, `closed ${Math.round(waited)} ms after the confirmation (2 s)`);
    const row = await oneLead(email, 'notify');
    equal(row.payload.name, 'Kofi Mensah', 'name stored');

    await open(el);
    assert($(el, '[part~="choice"]'), 'reopens on the choice');
    $(el, '[data-choice="notify"]').click();
    await waitFor(() => $(el, 'form'), 'form');
    equal(field(el, 'Name').value, '', 'name reset');
    equal(field(el, 'Email').value, '', 'email reset');
    equal($(el, '[part~="close"]').getAttribute('aria-label'), 'Close', 'close button named');
    $(el, '[part~="close"]').click();
    await waitFor(() => !dialog(el).open, 'Close button closes');
  });

  it('keeps what was typed and shows an error toast when the backend cannot be reached', async () => {
    await offline(async () => {
      const el = await mount('<kyb-access-modal></kyb-access-modal>');
      await open(el);
      $(el, '[data-choice="notify"]').click();
      await waitFor(() => $(el, 'form'), 'form');
      await type(field(el, 'Name'), 'Grace');
      await type(field(el, 'Email'), 'grace@example.com');
      button(el, 'Notify Me').click();
      const t = await waitForToast(el, 'Something went wrong', 'Please try again later or contact support');
      equal(t.variant, 'destructive', 'destructive toast');
      assert(dialog(el).contains($(el, '.kyb-toast')), 'the toast shows inside the open modal (the page behind is inert)');
      equal(field(el, 'Name').value, 'Grace', 'name kept');
      equal(field(el, 'Email').value, 'grace@example.com', 'email kept');
      assert(dialog(el).open, 'modal stays open');
      assert(!button(el, 'Notify Me').disabled, 'submit usable again');
    });
  });
});

// ---------------------------------------------------------------- kyb-beta-gate
describe('kyb-beta-gate', () => {
  const realAlert = window.alert;
  let alerts: string[];
  beforeEach(() => {
    sessionStorage.removeItem('kyb-beta-unlocked');
    alerts = [];
    window.alert = (m) => alerts.push(String(m));
  });
  afterEach(() => {
    window.alert = realAlert;
    sessionStorage.removeItem('kyb-beta-unlocked');
    cleanup();
  });

  it('refuses a wrong password with the alert and an inline message, and stays locked', async () => {
    const el = await mount('<kyb-beta-gate><div class="widget-fallback"><p>Testers receive the password by e-mail.</p></div></kyb-beta-gate>');
    await expectAccessible(el, 'beta gate locked');
    assert(!$(el, 'slot'), 'no slot while locked: the light DOM stays hidden');
    const pw = field(el, 'Beta password');
    equal(pw.type, 'password', 'password input');
    const t0 = performance.now();
    await type(pw, 'not-the-password');
    button(el, 'Unlock Beta Access').click();
    await waitFor(() => alerts.length === 1, 'browser alert');
    equal(alerts[0], 'Incorrect password. Please try again.', 'alert text (docs/errors.md)');
    await waitFor(() => errorsOf(el.shadowRoot).includes('Incorrect password. Please try again.'), 'inline message');
    equal(field(el, 'Beta password').getAttribute('aria-invalid'), 'true', 'aria-invalid');
    equal(requestsTo('/functions/v1/beta-access', t0).length, 1, 'checked by the function');
    equal(sessionStorage.getItem('kyb-beta-unlocked'), null, 'not unlocked');
    assert(!$(el, '[part~="tools"]'), 'no tools');
    await expectAccessible(el, 'beta gate with error');
  });

  it('unlocks with the right password for the session and shows the Beta Access Tools', async () => {
    const el = await mount('<kyb-beta-gate><div class="widget-fallback"><p>Fallback only</p></div></kyb-beta-gate>');
    const unlocked = listen('kyb-beta-unlocked');
    await type(field(el, 'Beta password'), 'crown-beta-2025');
    button(el, 'Unlock Beta Access').click();
    await waitFor(() => $(el, '[part~="tools"]'), 'tools shown');
    unlocked.stop();
    equal(alerts.length, 0, 'no alert');
    equal(unlocked.events.length, 1, 'kyb-beta-unlocked dispatched');
    equal(sessionStorage.getItem('kyb-beta-unlocked'), '1', 'unlock kept for the session');
    await waitFor(() => el.shadowRoot.activeElement === $(el, '[data-focus="unlocked"]'), 'focus on the welcome line');
    const planner = button(el, 'Open the Crown Planner');
    equal(new URL(planner.href).pathname, '/digital-tools/crown-planner', 'Crown Planner link');
    const soon = $$(el, '.tool').slice(1);
    equal(soon.map((t) => text(t.querySelector('h3'))).join('|'), 'AI Hair Quiz|Community Hub|Digital Library|Smart Scheduler|Goals Tracker', 'five Coming Soon tools');
    assert(
      soon.every((t) => t.querySelector('button').disabled && text(t.querySelector('button')) === 'Coming Soon'),
      'each disabled and Coming Soon',
    );
    const links = $$(el, 'a').map((a) => a.href);
    assert(
      links.some((h) => h.startsWith('mailto:')),
      'feedback by e-mail',
    );
    assert(
      links.some((h) => h.startsWith('https://discord.gg/')),
      `chat community link (${links})`,
    );
    assert(!$(el, 'slot'), 'the fallback is not revealed');
    await expectAccessible(el, 'beta tools');

    // Same session, another page (or a reload): unlocked straight away, no second check.
    const t0 = performance.now();
    cleanup();
    const again = await mount('<kyb-beta-gate mode="tools"></kyb-beta-gate>');
    assert($(again, '[part~="tools"]'), 'unlocked for the session');
    equal(requestsTo('/functions/v1/beta-access', t0).length, 0, 'no second password check');
  });

  it("reveals the page's own light-DOM tools through a slot only once unlocked", async () => {
    const html = '<kyb-beta-gate mode="tools"><div class="page-tools"><a href="/digital-tools/crown-planner">Crown Planner (page)</a></div></kyb-beta-gate>';
    const el = await mount(html);
    const pageTools = el.querySelector('.page-tools');
    assert(!$(el, 'slot'), 'no slot while locked');
    equal(pageTools.assignedSlot, null, 'page tools not slotted');
    equal(pageTools.getClientRects().length, 0, 'page tools not rendered while locked');
    equal(text($(el, 'h2')), 'Beta Access Tools are for testers', 'tools-mode heading');
    cleanup();
    sessionStorage.setItem('kyb-beta-unlocked', '1');
    const open = await mount(html);
    await waitFor(() => open.querySelector('.page-tools').assignedSlot, 'page tools slotted once unlocked');
    assert(open.querySelector('.page-tools').getClientRects().length > 0, 'page tools rendered');
    assert(!$(open, '[part~="tools"]'), 'the built-in tools are not added on top');
    await expectAccessible(open, 'beta gate with page tools');
  });

  it('offers the request form: required fields, stored request, thank-you, Back to Login', async () => {
    const el = await mount('<kyb-beta-gate></kyb-beta-gate>');
    button(el, 'Request Beta Access').click();
    await waitFor(() => $(el, '[part~="request-form"]'), 'request form');
    await waitFor(() => el.shadowRoot.activeElement === field(el, 'Name'), 'focus on Name');
    const t0 = performance.now();
    button(el, 'Submit Request').click();
    await waitFor(() => errorsOf(el.shadowRoot).length === 4, 'four inline errors');
    equal(errorsOf(el.shadowRoot).join('|'), 'Name is required|Email is required|Role is required|Message is required', 'messages');
    equal(requestsTo('/functions/v1/', t0).length, 0, 'nothing sent');
    await expectAccessible(el, 'request form with errors');

    const email = uniqueEmail('req');
    await type(field(el, 'Name'), 'Amara Okafor');
    await type(field(el, 'Email'), email);
    choose(field(el, 'Role'), 'Stylist or loctician');
    await type(field(el, 'Message'), 'I run a loc studio and would love to test the scheduler.');
    await waitFor(() => errorsOf(el.shadowRoot).length === 0, 'errors clear as fields are filled');
    button(el, 'Submit Request').click();
    await waitFor(() => $(el, '[part~="success"]'), 'thank-you');
    equal(text($(el, '[part~="success"] h2')), 'Thank you for your interest!', 'thank-you title');
    await expectAccessible(el, 'request thank-you');
    const row = await oneLead(email, 'beta_request');
    equal(row.payload.role, 'Stylist or loctician', 'role stored');
    equal(row.payload.message, 'I run a loc studio and would love to test the scheduler.', 'message stored');
    button(el, 'Back to Login').click();
    await waitFor(() => field(el, 'Beta password'), 'back at the gate');
    button(el, 'Request Beta Access').click();
    await waitFor(() => $(el, '[part~="request-form"]'), 'request form again');
    equal(field(el, 'Name').value, '', 'a fresh request form');
    button(el, 'Back to Login').click();
    await waitFor(() => field(el, 'Beta password'), 'Back to Login from the form');
  });
});

// ---------------------------------------------------------------- kyb-vault
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

// ---------------------------------------------------------------- kyb-partnership-form
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

// ---------------------------------------------------------------- kyb-merch-notify
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
