import {
  $,
  assert,
  button,
  cleanup,
  createUser,
  equal,
  expectAccessible,
  field,
  mount,
  restAsUser,
  storedSession,
  text,
  type,
  waitFor,
  waitForToast,
  watchText,
} from './support/helpers.ts';

/** Sign in through kyb-auth-button, the way a visitor does (the auth store is shared by all elements). */
async function signIn(u) {
  const bar = await mount('<kyb-auth-button></kyb-auth-button>');
  await waitFor(() => $(bar, 'button'), 'auth button ready');
  button(bar, 'Sign in').click();
  await waitFor(() => $(bar, 'dialog')?.open, 'dialog');
  await type(field(bar, 'Email'), u.email);
  await type(field(bar, 'Password'), u.password);
  $(bar, '[role="tabpanel"]:not([hidden]) button[type="submit"]').click();
  await waitFor(() => $(bar, '[part~="greeting"]')?.title === u.email, 'signed in');
  return bar;
}

describe('kyb-account', () => {
  afterEach(cleanup);

  it('loads the profile, keeps the e-mail read-only, validates the avatar URL and saves', async () => {
    const u = await createUser({ fullName: 'Amara Okafor' });
    await signIn(u);
    const el = await mount('<kyb-account></kyb-account>');
    await waitFor(() => $(el, 'form'), 'profile form');
    await waitFor(() => field(el, 'Display name').value === 'Amara Okafor', 'display name loaded (upserted at sign-in)');
    const email = field(el, 'Email');
    equal(email.value, u.email, 'e-mail shown');
    assert(email.readOnly, 'e-mail read-only');
    assert(text(el.shadowRoot).includes('Email cannot be changed'), 'read-only note');
    await expectAccessible(el, 'account form');

    await type(field(el, 'Display name'), '  Amara O.  ');
    await type(field(el, 'Avatar URL'), 'not a url');
    button(el, 'Save changes').click();
    await waitFor(() => text($(el, '.kyb-error')) === 'Please enter a valid URL', 'inline avatar error');
    equal(field(el, 'Avatar URL').getAttribute('aria-invalid'), 'true', 'avatar marked invalid');
    await expectAccessible(el, 'account with error');

    await type(field(el, 'Avatar URL'), 'https://example.com/me.png');
    const labels = watchText(el, () => text($(el, 'button[type="submit"]')));
    button(el, 'Save changes').click();
    await waitForToast(el, 'Success', 'Profile updated successfully');
    labels.stop();
    assert(labels.seen.has('Updating...'), `updating label (${[...labels.seen]})`);
    const [row] = await restAsUser(`profiles?select=display_name,avatar_url&id=eq.${storedSession().user.id}`);
    equal(row.display_name, 'Amara O.', 'trimmed display name saved');
    equal(row.avatar_url, 'https://example.com/me.png', 'avatar saved');

    // Empty fields are saved as null.
    await type(field(el, 'Display name'), '   ');
    await type(field(el, 'Avatar URL'), '');
    button(el, 'Save changes').click();
    await waitFor(async () => {
      const [r] = await restAsUser(`profiles?select=display_name,avatar_url&id=eq.${storedSession().user.id}`);
      return r.display_name === null && r.avatar_url === null;
    }, 'nulls saved');

    // A fresh element reads what was saved.
    cleanup();
    const again = await mount('<kyb-account></kyb-account>');
    await waitFor(() => $(again, 'form'), 'form again');
    equal(field(again, 'Display name').value, '', 'null shown as empty');
  });
});
