/**
 * kyb-admin-inbox and kyb-inbox-count against the real local stack: a partnership inquiry (stored the
 * way lead-capture stores it) and a newsletter subscription (with its consent ledger) are set up with
 * the service key; the seeded admin finds them by search and kind, opens them (everything they carried,
 * the consent record), marks one handled, filters by status and exports the view as CSV; a visitor is
 * asked to sign in; a signed-in non-admin is refused by the element and by RLS.
 */
import {
  $,
  $$,
  anonKey,
  assert,
  backendUrl,
  button,
  cleanup,
  createUser,
  equal,
  expectAccessible,
  frame,
  listen,
  mount,
  serviceKey,
  text,
  toasts,
  type,
  waitFor,
  waitForToast,
  type RestOptions,
  type Mounted,
  type TestUser,
  expectAdminSignIn,
} from './support/helpers.ts';
import { setViewport } from '@web/test-runner-commands';
import { ADMIN, signIn, signOut, tokenFor } from './support/fixtures.ts';

/** A REST call with a token (fixture writes with the service key, RLS probes as a user). */
async function rest(token: string, path: string, { method = 'GET', body, prefer, key = anonKey() }: RestOptions & { key?: string } = {}) {
  const r = await fetch(`${backendUrl()}/rest/v1/${path}`, {
    method,
    headers: { apikey: key, authorization: `Bearer ${token}`, 'content-type': 'application/json', ...(prefer ? { prefer } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const t = await r.text();
  return { status: r.status, body: t ? JSON.parse(t) : null, range: r.headers.get('content-range') };
}

const panel = (el) =>
  waitFor(() => text($(el, '[part~="heading"]')) === 'Inbox' && $(el, '[part~="status"]') && !text($(el, '[part~="status"]')).startsWith('Loading'), 'inbox loaded', 15_000);
const select = (el, label) => {
  const l = [...el.shadowRoot.querySelectorAll('label')].find((x) => text(x) === label);
  assert(l, `field ${label}`);
  return el.shadowRoot.getElementById(l.htmlFor);
};
const choose = (sel, value) => {
  sel.value = value;
  sel.dispatchEvent(new Event('change', { bubbles: true }));
};
/** <kyb-inbox-count> renders nothing until it has a count, so it is added by hand rather than mount(). */
async function addCount() {
  const count = document.createElement('kyb-inbox-count');
  document.getElementById('app').append(count);
  await waitFor(() => customElements.get('kyb-inbox-count') && count.shadowRoot, 'kyb-inbox-count defined');
  return count;
}
const items = (el) => $$(el, 'li[part~="item"]');
const itemOf = (el, id) => $(el, `li[data-id="${id}"]`);

describe('kyb-admin-inbox', () => {
  const tag = `t${Date.now().toString(36)}`;
  const leadEmail = `gia.${tag}@example.com`;
  const subEmail = `sam.${tag}@example.com`;
  let lead: { id: string };
  let sub: { id: string };
  let customer: TestUser;
  let bar: Mounted;

  before(async () => {
    for (const k of Object.keys(localStorage)) if (k.startsWith('sb-')) localStorage.removeItem(k);
    const service = await serviceKey();
    const ins = await rest(service, 'leads?select=id', {
      method: 'POST',
      key: service,
      prefer: 'return=representation',
      body: {
        kind: 'partnership',
        email: leadEmail,
        // A name a spreadsheet would run as a formula, and a message with commas, quotes and lines.
        payload: { name: `=HYPERLINK("x") Gia ${tag}`, email: leadEmail, company: 'Crown, Co', partnershipType: 'supplier', message: 'Hello,\n"wholesale" please' },
        source_page: '/partners',
        notification: 'sent',
      },
    });
    equal(ins.status, 201, `lead fixture (${JSON.stringify(ins.body)})`);
    lead = ins.body[0];
    const s = await rest(service, 'rpc/newsletter_subscribe', {
      method: 'POST',
      key: service,
      body: { p_email: subEmail, p_name: `Sam ${tag}`, p_list: 'newsletter', p_source_page: '/blog', p_consent_text_version: 'v1-test' },
    });
    equal(s.status, 200, `subscriber fixture (${JSON.stringify(s.body)})`);
    sub = (await rest(service, `subscribers?select=id&email=eq.${subEmail}`, { key: service })).body[0];
    customer = await createUser({ fullName: 'Not Admin' });
  });

  afterEach(async () => {
    if (bar) await signOut(bar).catch(() => {});
    bar = null;
    cleanup();
  });

  after(async () => {
    const service = await serviceKey();
    await rest(service, `leads?email=eq.${leadEmail}`, { method: 'DELETE', key: service });
    await rest(service, `subscribers?email=eq.${subEmail}`, { method: 'DELETE', key: service });
  });

  it('a visitor is told once to sign in, with a Sign in button', async () => {
    const el = await mount('<kyb-admin-inbox></kyb-admin-inbox>');
    await expectAdminSignIn(el);
    equal($(el, '[part~="list"]'), null, 'nothing listed');
    await expectAccessible(el, 'inbox, signed out');
    // And the database agrees: the anon key reads nothing.
    const anon = await rest(anonKey(), 'admin_inbox?select=id');
    assert(anon.status === 401 || anon.status === 403, `anon refused (${anon.status})`);
  });

  it('a signed-in non-admin sees Admin Access Required, and RLS shows them nothing and lets them change nothing', async () => {
    bar = await signIn(customer);
    const el = await mount('<kyb-admin-inbox></kyb-admin-inbox>');
    await waitFor(() => text(el.shadowRoot).includes('Admin Access Required'), 'access message');
    equal(toasts(el).length, 0, 'no sign-in toast for a signed-in user');
    const token = customer.session.access_token;
    const read = await rest(token, `admin_inbox?select=id&email=eq.${leadEmail}`);
    equal(read.status, 200, 'the query is allowed');
    equal(read.body.length, 0, 'but shows no row');
    const upd = await rest(token, `leads?id=eq.${lead.id}`, { method: 'PATCH', body: { inbox_status: 'handled' }, prefer: 'count=exact' });
    equal(upd.range, '*/0', `no row changed (${upd.status} ${upd.range})`);
    const edit = await rest(await tokenFor(ADMIN), `leads?id=eq.${lead.id}`, { method: 'PATCH', body: { email: 'changed@example.com' } });
    equal(edit.status, 403, 'not even an admin may rewrite what a visitor sent (only inbox_status is granted)');
  });

  it('the admin finds, opens, marks handled, filters and exports', async () => {
    bar = await signIn(ADMIN);
    const changes = listen('kyb-inbox-change');
    const el = await mount('<kyb-admin-inbox></kyb-admin-inbox>');
    await panel(el);
    assert(/^\d+ new$|^Nothing new$/.test(text($(el, '[part~="summary"]'))), `summary: ${text($(el, '[part~="summary"]'))}`);

    await type(select(el, 'Search'), tag);
    await waitFor(() => items(el).length === 2 && itemOf(el, lead.id) && itemOf(el, sub.id), 'both fixtures found by name');
    equal(text($(el, '[part~="status"]')), 'Showing 2 of 2 items');
    // Newest first: the subscription came after the inquiry.
    equal(items(el)[0].dataset.id, sub.id, 'newest first');
    await type(select(el, 'Search'), `sam.${tag}@`);
    await waitFor(() => items(el).length === 1 && itemOf(el, sub.id), 'found by e-mail');
    await type(select(el, 'Search'), tag);
    await waitFor(() => items(el).length === 2, 'both again');
    choose(select(el, 'Kind'), 'partnership');
    await waitFor(() => items(el).length === 1 && itemOf(el, lead.id), 'kind filter');
    await expectAccessible(el, 'inbox list');

    const row = itemOf(el, lead.id);
    assert(text(row).includes('Partnership') && text(row).includes('New') && text(row).includes('Crown, Co'), `row: ${text(row)}`);
    row.querySelector('[part~="open"]').click();
    const dialog = await waitFor(() => ($(el, 'dialog')?.open ? $(el, 'dialog') : null), 'details open');
    const details = text(dialog);
    for (const s of [
      `Partnership from =HYPERLINK("x") Gia ${tag}`,
      leadEmail,
      'Crown, Co',
      'Hello,',
      '"wholesale" please',
      'Partnership type',
      'supplier',
      '/partners',
      'Sent to the business',
      'No consent record',
    ]) {
      assert(details.includes(s), `details show "${s}": ${details}`);
    }
    await expectAccessible(el, 'inbox details');
    button(el, 'Mark handled', dialog).click();
    await waitForToast(el, 'Success', 'Marked handled');
    await waitFor(() => itemOf(el, lead.id)?.dataset.status === 'handled', 'row shows handled');
    await waitFor(() => text(dialog).includes('Mark as new') && !text(dialog).includes('Mark handled'), 'dialog offers the other actions');
    assert(dialog.contains(el.shadowRoot.activeElement), 'focus stays in the dialog');
    equal(changes.events.length, 1, 'one kyb-inbox-change');
    equal(JSON.stringify(changes.events[0].detail), JSON.stringify({ id: lead.id, status: 'handled' }));
    changes.stop();
    const stored = await rest(await serviceKey(), `leads?select=inbox_status&id=eq.${lead.id}`, { key: await serviceKey() });
    equal(stored.body[0].inbox_status, 'handled', 'stored');
    button(el, 'Close', dialog).click();
    await waitFor(() => !dialog.open, 'closed');

    // Status filter: not new any more, handled now.
    $(el, '[part~="tab"][data-status="new"]').click();
    await waitFor(() => !itemOf(el, lead.id) && text($(el, '[part~="empty"]')) === 'No items match these filters.', 'not among the new');
    $(el, '[part~="tab"][data-status="handled"]').click();
    await waitFor(() => itemOf(el, lead.id), 'among the handled');

    // Export the current view (handled partnership inquiries matching the search): the file's bytes.
    const blobs = [];
    const made = URL.createObjectURL;
    const click = HTMLAnchorElement.prototype.click;
    let downloaded = '';
    URL.createObjectURL = (b) => {
      blobs.push(b);
      return made.call(URL, b);
    };
    HTMLAnchorElement.prototype.click = function () {
      downloaded = this.download;
    };
    try {
      button(el, 'Export CSV').click();
      await waitForToast(el, 'Export ready', '1 item exported');
    } finally {
      URL.createObjectURL = made;
      HTMLAnchorElement.prototype.click = click;
    }
    assert(/^kyb-inbox-\d{4}-\d{2}-\d{2}\.csv$/.test(downloaded), `file name ${downloaded}`);
    equal(blobs.length, 1);
    equal(blobs[0].type, 'text/csv;charset=utf-8');
    const csv = new TextDecoder().decode(await blobs[0].arrayBuffer());
    const lines = csv.replace(/^\ufeff/, '').split('\r\n');
    equal(lines[0], 'Received (UTC),Kind,Form,Status,Name,E-mail,Company,Role,Message,Other fields,Source page,Consent,Notification');
    assert(
      lines[1].endsWith(
        `,Partnership,partnership,Handled,"'=HYPERLINK(""x"") Gia ${tag}",${leadEmail},"Crown, Co",,"Hello,\n""wholesale"" please",Partnership type: supplier,/partners,,sent`,
      ),
      `row: ${lines[1]}`,
    );
    equal(lines.length, 3, 'one item and the final line break');
  });

  it('shows a subscriber with its consent record, and the admin pages count what is new', async () => {
    bar = await signIn(ADMIN);
    const el = await mount('<kyb-admin-inbox></kyb-admin-inbox>');
    await panel(el);
    const count = await addCount();
    const newCount = async () => Number((await rest(await tokenFor(ADMIN), 'admin_inbox?select=id&status=eq.new', { prefer: 'count=exact' })).range.split('/')[1]);
    const before = await newCount();
    assert(before >= 1, 'the subscription fixture is new');
    // The pill and the inbox's summary; none new: no pill, "Nothing new".
    const pill = (n) => (n ? `${n} new` : '');
    const summary = (n) => (n ? `${n} new` : 'Nothing new');
    await waitFor(() => text($(count, '[part~="count"]')) === pill(before), `count shows ${before} new`);
    equal(text($(el, '[part~="summary"]')), summary(before), 'the inbox says the same');

    await type(select(el, 'Search'), `sam.${tag}`);
    await waitFor(() => items(el).length === 1 && itemOf(el, sub.id), 'subscriber found');
    itemOf(el, sub.id).querySelector('[part~="open"]').click();
    const dialog = await waitFor(() => ($(el, 'dialog')?.open ? $(el, 'dialog') : null), 'details open');
    for (const s of [`Newsletter from Sam ${tag}`, subEmail, '/blog', 'Consent to the KYB newsletter (wording v1-test)', 'Subscribed', 'Subscription', 'subscribed']) {
      assert(text(dialog).includes(s), `details show "${s}": ${text(dialog)}`);
    }
    assert(!text(dialog).includes('Notification e-mail'), 'no notification for a subscription');
    button(el, 'Archive', dialog).click();
    await waitForToast(el, 'Success', 'Archived');
    await waitFor(() => text($(count, '[part~="count"]')) === pill(before - 1), 'the nav count follows');
    await waitFor(() => text($(el, '[part~="summary"]')) === summary(before - 1), 'and the summary');
  });

  it('the count shows nothing to a visitor', async () => {
    const count = await addCount();
    // Settled: the page's session lookup has ended signed out (core/auth.ts says so on <html>), and two frames
    // later the element has drawn what it draws for that state.
    await waitFor(() => document.documentElement.dataset.kybAuth === 'signed-out', 'the visitor is known');
    await frame();
    equal($(count, '[part~="count"]'), null, 'no count');
  });

  it('lays out every card head the same way at every width: kind and status, the date under them (issue #8)', async () => {
    bar = await signIn(ADMIN);
    const el = await mount('<kyb-admin-inbox></kyb-admin-inbox>');
    await panel(el);
    await waitFor(() => items(el).length >= 3, 'several cards');
    try {
      for (const width of [320, 390, 768, 1280]) {
        await setViewport({ width, height: 800 });
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        const heads = items(el).map((li) => {
          const top = li.getBoundingClientRect().top;
          const badges = li.querySelector('.ai__badges').getBoundingClientRect();
          const time = li.querySelector('time').getBoundingClientRect();
          return { badgesTop: Math.round(badges.top - top), timeTop: Math.round(time.top - top), under: time.top >= badges.bottom - 1, oneLine: badges.height < 40 };
        });
        // At 768 px some dates sat beside the badges and others wrapped under them.
        assert(
          heads.every((h) => h.under && h.oneLine),
          `@${width}: the date under kind and status on one line, on every card (${JSON.stringify(heads)})`,
        );
        const first = heads[0];
        assert(
          heads.every((h) => h.badgesTop === first.badgesTop && h.timeTop === first.timeTop),
          `@${width}: every head laid out alike (${JSON.stringify(heads)})`,
        );
      }
    } finally {
      await setViewport({ width: 1024, height: 800 });
    }
  });
});
