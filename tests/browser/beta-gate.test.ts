/**
 * kyb-beta-gate in Chromium, built bundle, real local stack (docs/pages.md, docs/data.md#states-and-transitions,
 * docs/limits.md#validation-rules, docs/data.md#calls, docs/errors.md): the password check, the unlocked
 * tools and the request form; a stored request is read back with a service-role REST query.
 *
 * The functions rate-limit per client (lead-capture 20, beta-access 10 per 10 minutes) and every
 * browser test shares one client address: access-modal, beta-gate and lead-forms together send 7
 * leads and 2 password checks.
 */
import { $, $$, assert, button, cleanup, equal, expectAccessible, field, listen, mount, requestsTo, text, type, uniqueEmail, waitFor, choose } from './support/helpers.ts';
import { errorsOf, oneLead } from './support/leads.ts';
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
