import { sendMouse, setViewport } from '@web/test-runner-commands';
import {
  $,
  $$,
  assert,
  button,
  cleanup,
  createUser,
  equal,
  expectAccessible,
  field,
  listen,
  mount,
  requestsTo,
  restAsUser,
  sendKeys,
  stack,
  storedSession,
  text,
  type,
  uniqueEmail,
  waitFor,
  waitForToast,
  watchText,
  type Mounted,
} from './support/helpers.ts';

/** Answers auth calls whose path ends with `path` with a GoTrue-style 500 while `fn` runs. */
async function withAuthServerError(path, body, fn) {
  const real = window.fetch;
  window.fetch = (input, init) => {
    const url = typeof input === 'string' ? input : (input as Request).url;
    if (new URL(url).pathname.endsWith(path)) {
      return Promise.resolve(new Response(JSON.stringify(body), { status: 500, headers: { 'content-type': 'application/json' } }));
    }
    return real(input, init);
  };
  try {
    await fn();
  } finally {
    window.fetch = real;
  }
}

/** The element the pointer would hit at the centre of `node` (in its own shadow root), or null. */
function hitAt(node) {
  const r = node.getBoundingClientRect();
  return node.getRootNode().elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
}

const dialog = (el) => $(el, 'dialog');
const open = async (el) => {
  button(el, 'Sign in').click();
  await waitFor(() => dialog(el)?.open, 'dialog open');
  return dialog(el);
};
const tab = (el, name) => $$(el, '[role="tab"]').find((t) => text(t) === name);
const submitOf = (el) => $(el, '[role="tabpanel"]:not([hidden]) button[type="submit"]');

/** A new user, and the dialog open with their e-mail and `password` (theirs unless given) typed in. */
async function signInFormFor(el, password?: string) {
  const u = await createUser();
  await open(el);
  await type(field(el, 'Email'), u.email);
  await type(field(el, 'Password'), password ?? u.password);
  return u;
}

async function signOutIfNeeded(el) {
  if (storedSession()) {
    button(el, 'Sign out').click();
    await waitFor(() => !storedSession(), 'signed out');
  }
}

describe('kyb-auth-button', () => {
  let el: Mounted;
  beforeEach(async () => {
    el = await mount('<kyb-auth-button></kyb-auth-button>');
    await waitFor(() => $(el, 'button, a'), 'auth state resolved');
  });
  afterEach(async () => {
    await signOutIfNeeded(el);
    cleanup();
  });

  it('signed in alone in a 320 px column: a readable greeting, the two buttons whole (issue #8)', async () => {
    const u = await createUser({ email: uniqueEmail('amara.okafor.') });
    await setViewport({ width: 320, height: 800 });
    try {
      await open(el);
      await type(field(el, 'Email'), u.email);
      await type(field(el, 'Password'), u.password);
      submitOf(el).click();
      const greeting = await waitFor(() => $(el, '[part~="greeting"]'), 'greeting');
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      // It was squeezed to "H" beside My Account and Sign out.
      const g = greeting.getBoundingClientRect();
      assert(g.width >= 144, `the greeting keeps a readable part: ${Math.round(g.width)} px`);
      equal(getComputedStyle(greeting).textOverflow, 'ellipsis', 'a longer address ends in an ellipsis');
      for (const name of ['My Account', 'Sign out']) {
        const b = $$(el, 'a, button')
          .find((x) => text(x) === name)
          .getBoundingClientRect();
        assert(b.height >= 44 && b.height < 60 && b.right <= 320, `${name} whole, on one line (${Math.round(b.width)}×${Math.round(b.height)} at ${Math.round(b.left)})`);
      }
      assert(document.documentElement.scrollWidth <= 320, 'no sideways scrolling');
      // In a slide-out menu (layout="menu") it stays a tight stack: greeting, My Account, Sign out.
      const menu = await mount('<kyb-auth-button layout="menu"></kyb-auth-button>');
      const mg = (await waitFor(() => $(menu, '[part~="greeting"]'), 'menu greeting')).getBoundingClientRect();
      const ma = $(menu, '[part~="account-link"]').getBoundingClientRect();
      assert(mg.height < 40 && ma.top - mg.bottom < 16, `greeting ${Math.round(mg.height)} px tall, ${Math.round(ma.top - mg.bottom)} px above My Account`);
    } finally {
      await setViewport({ width: 1024, height: 800 });
    }
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
    // The form decides on the press (auth-form.ts): a call it starts keeps the button busy until it is
    // answered, and an answered one is listed; neither, so none was sent.
    equal(text(submitOf(el)), 'Sign in', 'not busy: no call on its way');
    equal(requestsTo('/auth/v1/token', t0).length, 0, 'no sign-in request');
  });

  it('signs up (autoconfirmed), greets by the display name given (issue #29), upserts the profile, signs out and back in', async () => {
    const changes = listen('kyb-auth-change');
    const email = uniqueEmail('new');
    await open(el);
    tab(el, 'Create account').click();
    await waitFor(() => field(el, 'Display name'), 'sign-up form');
    await type(field(el, 'Display name'), 'Nia Brooks');
    await type(field(el, 'Email'), email);
    await type(field(el, 'Password'), 'secret-pass-1');
    submitOf(el).click();
    // A new account, not a returning one: not "Welcome back!" (issue #8).
    await waitForToast(el, 'Account created', "Welcome to KYB! You're signed in");
    await waitFor(() => !dialog(el), 'dialog closes on success');
    // The name the member gave, not "Hi, new…@example.com" (issue #29); the address stays in the tooltip.
    await waitFor(() => text($(el, '[part~="greeting"]')) === 'Hi, Nia Brooks', 'greeting by the display name');
    equal($(el, '[part~="greeting"]').title, email, 'the e-mail in the tooltip');
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
    await waitFor(() => text($(el, '[part~="greeting"]')) === 'Hi, Nia Brooks', 'greeting after sign-in');
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
      await waitFor(() => !dialog(el), 'dialog closes');
      const mail = await stack({ op: 'mail', to: email });
      equal(mail.length, 1, 'one confirmation mail');
      assert(mail[0].link.includes(encodeURIComponent(location.origin)) || mail[0].link.includes(location.origin), `redirect to the site origin in ${mail[0].link}`);

      await open(el);
      equal(field(el, 'Email').value, email, 'e-mail prefilled');
      // The auth server allows one mail per address every 2 s locally (60 s hosted): that time passes on the
      // stack's clock rather than being waited out.
      assert(await stack({ op: 'mail-interval-passes', to: email }), 'the address has an account');
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
    assert(
      mail.some((m) => m.kind === 'recovery'),
      'recovery mail sent',
    );
  });

  // issue #8: toasts showed under the modal backdrop (greyed, not dismissable).
  it("shows a failed sign-in's toast above the dialog, where the pointer can dismiss it", async () => {
    await signInFormFor(el, 'wrong-password');
    submitOf(el).click();
    await waitForToast(el, 'Sign in failed', 'Invalid login credentials');
    assert(dialog(el)?.open, 'the dialog stays open');
    const toast = $(el, '.kyb-toast');
    assert(toast.closest('.kyb-toasts').matches(':popover-open'), 'the toast region is in the top layer');
    const close = toast.querySelector('.kyb-toast__close');
    equal(hitAt(close), close, 'nothing covers the toast (not under the backdrop, not inert)');
    const r = close.getBoundingClientRect();
    await sendMouse({ type: 'click', position: [Math.round(r.x + r.width / 2), Math.round(r.y + r.height / 2)] });
    await waitFor(() => !$(el, '.kyb-toast'), 'the pointer dismisses the toast');
    assert(dialog(el)?.open, 'and the dialog is still open');
  });

  // issue #8: a 5xx from the auth server read "Sign in failed {}".
  it("shows the server's own message for a sign-in that fails with a server error", async () => {
    await signInFormFor(el);
    await withAuthServerError('/auth/v1/token', { code: 500, error_code: 'unexpected_failure', msg: 'Database error querying schema' }, async () => {
      submitOf(el).click();
      const t = await waitForToast(el, 'Sign in failed');
      equal(t.description, 'Database error querying schema', "the server's msg");
    });
    assert(dialog(el)?.open, 'the dialog stays open');
  });

  it("shows the server's own message for a sign-out that fails with a server error", async () => {
    const u = await signInFormFor(el);
    submitOf(el).click();
    await waitFor(() => $(el, '[part~="greeting"]')?.title === u.email, 'signed in');
    await withAuthServerError('/auth/v1/logout', { code: 503, error_code: 'unexpected_failure', message: 'Auth service is restarting' }, async () => {
      button(el, 'Sign out').click();
      const t = await waitForToast(el, 'Sign out failed');
      equal(t.description, 'Auth service is restarting', "the server's message");
    });
    const close = $(el, '.kyb-toast__close');
    equal(hitAt(close), close, 'the toast can be hit');
  });
});
