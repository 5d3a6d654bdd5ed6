import {
  $, $$, assert, button, cleanup, createUser, equal, expectAccessible, field, listen, mount, requestsTo, restAsUser, sendKeys,
  stack, storedSession, text, type, uniqueEmail, waitFor, waitForToast, watchText,
} from './support/helpers.js';

const dialog = (el) => $(el, 'dialog');
const open = async (el) => {
  button(el, 'Sign in').click();
  await waitFor(() => dialog(el)?.open, 'dialog open');
  return dialog(el);
};
const tab = (el, name) => $$(el, '[role="tab"]').find((t) => text(t) === name);
const submitOf = (el) => $(el, '[role="tabpanel"]:not([hidden]) button[type="submit"]');

async function signOutIfNeeded(el) {
  if (storedSession()) {
    button(el, 'Sign out').click();
    await waitFor(() => !storedSession(), 'signed out');
  }
}

describe('kyb-auth-button', () => {
  let el;
  beforeEach(async () => {
    el = await mount('<kyb-auth-button></kyb-auth-button>');
    await waitFor(() => $(el, 'button, a'), 'auth state resolved');
  });
  afterEach(async () => {
    await signOutIfNeeded(el);
    cleanup();
  });

  it('offers Sign in and an accessible, labelled dialog with tabs', async () => {
    await expectAccessible(el, 'signed out');
    const d = await open(el);
    const title = el.shadowRoot.getElementById(d.getAttribute('aria-labelledby'));
    equal(text(title), 'Welcome to KYB', 'dialog title');
    equal($(el, '[role="tablist"]') !== null, true, 'tablist');
    equal(tab(el, 'Sign in').getAttribute('aria-selected'), 'true', 'Sign in tab selected');
    equal(tab(el, 'Create account').getAttribute('aria-selected'), 'false', 'Create account not selected');
    const panel = el.shadowRoot.getElementById(tab(el, 'Sign in').getAttribute('aria-controls'));
    equal(panel.getAttribute('role'), 'tabpanel', 'tab controls its panel');
    equal(field(el, 'Email').type, 'email', 'email input type');
    equal(field(el, 'Password').type, 'password', 'password input type');
    equal(el.shadowRoot.activeElement, field(el, 'Email'), 'focus starts in Email');
    await expectAccessible(el, 'dialog open');
    // Keyboard: arrows move between tabs.
    tab(el, 'Sign in').focus();
    await sendKeys({ press: 'ArrowRight' });
    await waitFor(() => tab(el, 'Create account').getAttribute('aria-selected') === 'true', 'ArrowRight selects Create account');
    equal(field(el, 'Password').placeholder, 'At least 6 characters', 'password hint');
    assert(field(el, 'Display name'), 'display name field');
    await expectAccessible(el, 'create account tab');
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !dialog(el), 'Esc closes the dialog');
  });

  it('sends nothing while a field is empty', async () => {
    await open(el);
    const t0 = performance.now();
    submitOf(el).click();
    await waitFor(() => $$(el, '.kyb-error').length === 2, 'both fields flagged');
    await type(field(el, 'Email'), 'someone@example.com');
    submitOf(el).click();
    await waitFor(() => $$(el, '.kyb-error').map(text).join() === 'Password is required', 'password still required');
    await expectAccessible(el, 'dialog with errors');
    await new Promise((r) => setTimeout(r, 200));
    equal(requestsTo('/auth/v1/token', t0).length, 0, 'no sign-in request');
  });

  it('signs up (autoconfirmed), greets with the e-mail, upserts the profile, signs out and back in', async () => {
    const changes = listen('kyb-auth-change');
    const email = uniqueEmail('new');
    await open(el);
    tab(el, 'Create account').click();
    await waitFor(() => field(el, 'Display name'), 'sign-up form');
    await type(field(el, 'Display name'), 'Nia Brooks');
    await type(field(el, 'Email'), email);
    await type(field(el, 'Password'), 'secret-pass-1');
    submitOf(el).click();
    await waitForToast(el, 'Welcome back!', "You're signed in");
    await waitFor(() => !dialog(el), 'dialog closes on success');
    await waitFor(() => text($(el, '[part~="greeting"]')).includes(email), 'greeting shows the e-mail');
    const account = button(el, 'My Account');
    equal(new URL(account.href).pathname, '/account', 'My Account link');
    assert(storedSession()?.refresh_token, 'session persisted in localStorage');
    equal(document.documentElement.dataset.kybAuth, 'signed-in', 'html[data-kyb-auth]');
    await expectAccessible(el, 'signed in');
    const profile = await waitFor(async () => (await restAsUser(`profiles?select=*&id=eq.${storedSession().user.id}`))[0], 'profile row');
    equal(profile.display_name, 'Nia Brooks', 'display_name from full_name');

    button(el, 'Sign out').click();
    await waitForToast(el, 'Signed out', 'You have been signed out');
    await waitFor(() => button(el, 'Sign in'), 'Sign in again');
    equal(storedSession(), null, 'session removed');

    await open(el);
    await type(field(el, 'Email'), email);
    await type(field(el, 'Password'), 'secret-pass-1');
    const labels = watchText(el, () => text(submitOf(el)));
    submitOf(el).click();
    await waitForToast(el, 'Welcome back!', "You're signed in");
    labels.stop();
    assert(labels.seen.has('Signing in...'), `busy label (${[...labels.seen]})`);
    await waitFor(() => text($(el, '[part~="greeting"]')).includes(email), 'greeting after sign-in');
    changes.stop();
    const seq = changes.events.map((e) => e.detail.signedIn);
    assert(seq.join() === 'false,true,false,true' || seq.join() === 'true,false,true', `kyb-auth-change sequence ${seq}`);
    equal(changes.events.at(-1).detail.email, email, 'event carries the e-mail');
  });

  it('shows Sign in failed with the server message on a wrong password', async () => {
    const u = await createUser();
    await open(el);
    await type(field(el, 'Email'), u.email);
    await type(field(el, 'Password'), 'wrong-password');
    submitOf(el).click();
    const t = await waitForToast(el, 'Sign in failed', 'Invalid login credentials');
    equal(t.variant, 'destructive', 'destructive');
    assert(dialog(el)?.open, 'dialog stays open');
    equal(field(el, 'Email').value, u.email, 'e-mail kept');
    assert(button(el, 'Sign in', $(el, 'form')), 'button back to Sign in');
  });

  it('shows Sign up failed with the server message for a taken address', async () => {
    const u = await createUser();
    await open(el);
    tab(el, 'Create account').click();
    await waitFor(() => field(el, 'Display name'), 'sign-up form');
    await type(field(el, 'Email'), u.email);
    await type(field(el, 'Password'), 'another-pass-1');
    submitOf(el).click();
    const t = await waitForToast(el, 'Sign up failed');
    assert(t.description.length > 0, 'server message shown');
    assert(dialog(el)?.open, 'dialog stays open');
  });

  it('asks to check the e-mail when confirmation is required, and offers Resend confirmation', async () => {
    await stack({ op: 'autoconfirm', value: false });
    try {
      const email = uniqueEmail('confirm');
      await open(el);
      tab(el, 'Create account').click();
      await waitFor(() => field(el, 'Display name'), 'sign-up form');
      await type(field(el, 'Email'), email);
      await type(field(el, 'Password'), 'secret-pass-1');
      const labels = watchText(el, () => text(submitOf(el)));
      submitOf(el).click();
      await waitForToast(el, 'Check your email', "We've sent a confirmation link to complete sign up");
      labels.stop();
      assert(labels.seen.has('Creating account...'), `busy label (${[...labels.seen]})`);
      const sentAt = performance.now();
      await waitFor(() => !dialog(el), 'dialog closes');
      const mail = await stack({ op: 'mail', to: email });
      equal(mail.length, 1, 'one confirmation mail');
      assert(mail[0].link.includes(encodeURIComponent(location.origin)) || mail[0].link.includes(location.origin), `redirect to the site origin in ${mail[0].link}`);

      await open(el);
      equal(field(el, 'Email').value, email, 'e-mail prefilled');
      // The auth server allows one mail per address every 2 s locally (60 s hosted).
      await new Promise((r) => setTimeout(r, Math.max(0, 2100 - (performance.now() - sentAt))));
      button(el, 'Resend confirmation').click();
      await waitForToast(el, 'Check your email', "We've sent a new confirmation link");
      await waitFor(async () => (await stack({ op: 'mail', to: email })).length === 2, 'second mail');
    } finally {
      await stack({ op: 'autoconfirm', value: true });
    }
  });

  it('sends a password reset link', async () => {
    const u = await createUser();
    await open(el);
    button(el, 'Forgot password?').click();
    await waitFor(() => button(el, 'Send reset link'), 'reset form');
    await type(field(el, 'Email'), u.email);
    button(el, 'Send reset link').click();
    await waitForToast(el, 'Check your email', "We've sent a link to reset your password");
    const mail = await stack({ op: 'mail', to: u.email });
    assert(mail.some((m) => m.kind === 'recovery'), 'recovery mail sent');
  });
});
