import { $, anonKey, assert, backendUrl, button, createUser, equal, field, meta, stack, text, type, uniqueEmail, waitFor, waitForToast } from './support/helpers.ts';
import { authStorageKey } from '../../shared/storage.ts';

/** Open a fresh host page (own modules, own auth store) in an iframe; same origin, same localStorage. */
const pageUrl = (html) =>
  `${location.origin}/tests/browser/fixtures/page.html?${new URLSearchParams({ bundle: meta('kyb-test-bundle'), url: backendUrl(), key: anonKey(), html })}`;

async function page(html, src = pageUrl(html)) {
  const frame = document.createElement('iframe');
  frame.src = src;
  frame.style.cssText = 'width:900px;height:600px';
  document.body.append(frame);
  // Not just readyState: a new iframe first holds about:blank, already "complete". And the fixture's
  // loader is a script it inserts (async), which may run after the content is in; a click before it
  // runs would follow the link, as it would on a real page before any script ran.
  await waitFor(
    () => frame.contentWindow?.location.pathname.endsWith('page.html') && frame.contentDocument.readyState === 'complete' && frame.contentWindow[Symbol.for('kyb.loader')],
    'fixture page loaded, with the loader running',
  );
  return frame;
}
const storageKey = () => authStorageKey(backendUrl());
const chunkNames = (frame) =>
  frame.contentWindow.performance
    .getEntriesByType('resource')
    .map((e) => new URL(e.name).pathname)
    .filter((p) => p.includes('/chunks/'))
    .map((p) => p.split('/').pop());

describe('the auth store across page loads', () => {
  afterEach(() => {
    document.querySelectorAll('iframe').forEach((f) => f.remove());
    localStorage.clear();
  });

  it('fetches nothing until the visitor acts, then answers "signed out" without the auth client', async () => {
    const frame = await page('<kyb-auth-button><a href="/account">Sign in</a></kyb-auth-button>');
    await waitFor(() => frame.contentDocument.querySelector('kyb-auth-button a'), 'page content');
    await new Promise((r) => setTimeout(r, 300));
    equal(chunkNames(frame).length, 0, `no chunk before the visitor acts (${chunkNames(frame)})`);
    equal(frame.contentWindow.customElements.get('kyb-auth-button'), undefined, 'not defined yet');
    const host = frame.contentDocument.querySelector('kyb-auth-button');
    host.dispatchEvent(new frame.contentWindow.PointerEvent('pointerover', { bubbles: true }));
    const el = await waitFor(() => host.shadowRoot?.querySelector('button'), 'Sign in button');
    equal(text(el), 'Sign in', 'signed out');
    await new Promise((r) => setTimeout(r, 300));
    const manifest = await (await fetch(`${meta('kyb-test-bundle')}/.vite/manifest.json`)).json();
    const supabaseJs = Object.entries(manifest as Record<string, { file: string }>)
      .find(([k]) => k.includes('@supabase/supabase-js'))[1]
      .file.split('/')
      .pop();
    const names = chunkNames(frame);
    assert(names.length > 0, 'the element chunks were fetched');
    assert(!names.includes(supabaseJs), `supabase-js (${supabaseJs}) not fetched (${names})`);
    assert(!frame.contentWindow.performance.getEntriesByType('resource').some((e) => e.name.includes('/auth/v1/')), 'no auth request');
    equal(frame.contentDocument.documentElement.dataset.kybAuth, 'signed-out', 'html[data-kyb-auth]');
  });

  it('an empty tag (no fallback to show meanwhile) loads at once', async () => {
    const frame = await page('<p>host</p><kyb-auth-button></kyb-auth-button>');
    const host = await waitFor(() => frame.contentDocument.querySelector('kyb-auth-button'), 'page content');
    await waitFor(() => host.shadowRoot?.querySelector('button'), 'Sign in button without any interaction');
  });

  it('a click on the fallback before the code arrives opens the sign-in dialog once it does', async () => {
    const frame = await page('<kyb-auth-button><a href="/account">Sign in</a></kyb-auth-button>');
    const host = await waitFor(() => frame.contentDocument.querySelector('kyb-auth-button'), 'page content');
    host.querySelector('a').click();
    await waitFor(() => host.shadowRoot?.querySelector('dialog[open]'), 'dialog open after the code loaded');
    assert(frame.contentWindow.location.pathname.endsWith('page.html'), 'the fallback link did not navigate away');
  });

  it('another element asking for sign-in loads the button and opens its dialog', async () => {
    const frame = await page('<kyb-auth-button><a href="/account">Sign in</a></kyb-auth-button>');
    const host = await waitFor(() => frame.contentDocument.querySelector('kyb-auth-button'), 'page content');
    await waitFor(() => frame.contentWindow.kybEvents, 'fixture script ran');
    frame.contentDocument.dispatchEvent(new frame.contentWindow.CustomEvent('kyb-request-sign-in', { detail: { tab: 'sign-in' } }));
    await waitFor(() => host.shadowRoot?.querySelector('dialog[open]'), 'dialog open');
  });

  for (const from of ['document', 'an element of the page']) {
    it(`a page's listener on document hears a request sent from ${from} once, also when it came before the code`, async () => {
      const frame = await page('<p id="asker">Reviews</p><kyb-auth-button><a href="/account">Sign in</a></kyb-auth-button>');
      const doc = frame.contentDocument;
      const host = await waitFor(() => doc.querySelector('kyb-auth-button'), 'page content');
      const heard = [];
      doc.addEventListener('kyb-request-sign-in', (e) => heard.push(e.detail?.tab));
      const ask = (tab) => {
        const target = from === 'document' ? doc : doc.getElementById('asker');
        target.dispatchEvent(new frame.contentWindow.CustomEvent('kyb-request-sign-in', { detail: { tab }, bubbles: true, composed: true }));
      };
      equal(frame.contentWindow.customElements.get('kyb-auth-button'), undefined, 'the code is not there yet');
      ask('sign-up');
      await waitFor(() => host.shadowRoot?.querySelector('dialog[open]'), 'dialog open');
      // The loader's replay would come right after the module ran: give it time to show up twice.
      await new Promise((r) => setTimeout(r, 300));
      equal(heard.join(), 'sign-up', 'one request, one event on document (the held one, with its detail)');
      ask('sign-in');
      equal(heard.join(), 'sign-up,sign-in', 'once the code is there, each request once, as it is sent');
    });
  }

  it('restores a stored session on load: greeting, kyb-auth-change, profile upserted', async () => {
    const u = await createUser({ fullName: 'Zuri Adeyemi' });
    assert(u.session, 'autoconfirmed sign-up returns a session');
    const s = { ...u.session, expires_at: u.session.expires_at ?? Math.floor(Date.now() / 1000) + u.session.expires_in };
    localStorage.setItem(storageKey(), JSON.stringify(s));
    const frame = await page('<kyb-auth-button></kyb-auth-button>');
    const changes = () => frame.contentWindow.kybEvents.filter((e) => e.name === 'kyb-auth-change').map((e) => e.detail);
    const el = await waitFor(() => frame.contentDocument.querySelector('kyb-auth-button'), 'element');
    await waitFor(() => $(el, '[part~="greeting"]')?.title === u.email, 'greeting with the stored session', 15_000);
    await waitFor(() => changes().length > 0, 'kyb-auth-change');
    equal(changes().length, 1, 'announced once');
    equal(changes()[0].signedIn, true, 'signed in');
    equal(changes()[0].email, u.email, 'e-mail');
    equal(frame.contentDocument.documentElement.dataset.kybAuth, 'signed-in', 'html[data-kyb-auth]');
    const profile = await waitFor(async () => {
      const r = await fetch(`${backendUrl()}/rest/v1/profiles?select=display_name&id=eq.${s.user.id}`, {
        headers: { apikey: anonKey(), authorization: `Bearer ${s.access_token}` },
      });
      return (await r.json())[0];
    }, 'profile row');
    equal(profile.display_name, 'Zuri Adeyemi', 'profile upserted on SIGNED_IN');
  });
});

describe('kyb-account on a page load with a stored session', () => {
  afterEach(() => {
    document.querySelectorAll('iframe').forEach((f) => f.remove());
    localStorage.clear();
  });

  it('shows the profile and does not redirect', async () => {
    const u = await createUser({ fullName: 'Kofi Mensah' });
    localStorage.setItem(storageKey(), JSON.stringify({ ...u.session, expires_at: u.session.expires_at ?? Math.floor(Date.now() / 1000) + u.session.expires_in }));
    const frame = await page('<kyb-account></kyb-account>');
    const el = await waitFor(() => frame.contentDocument.querySelector('kyb-account'), 'element');
    await waitFor(() => $(el, 'form'), 'profile form', 15_000);
    equal(field(el, 'Email').value, u.email, 'e-mail');
    await waitFor(() => field(el, 'Display name').value === 'Kofi Mensah', 'display name');
    equal(frame.contentWindow.kybEvents.filter((e) => e.name === 'kyb-redirect').length, 0, 'no redirect');
  });
});

describe('mail links landing on a page with the elements', () => {
  afterEach(() => {
    document.querySelectorAll('iframe').forEach((f) => f.remove());
    localStorage.clear();
  });

  it('confirmation link: the visitor lands signed in', async () => {
    await stack({ op: 'autoconfirm', value: false });
    let email: string;
    try {
      email = uniqueEmail('landing');
      const r = await fetch(`${backendUrl()}/auth/v1/signup?redirect_to=${encodeURIComponent(pageUrl('<kyb-auth-button></kyb-auth-button>'))}`, {
        method: 'POST',
        headers: { apikey: anonKey(), 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'secret-pass-1' }),
      });
      assert(r.ok, 'sign-up accepted');
    } finally {
      await stack({ op: 'autoconfirm', value: true });
    }
    const [mail] = await stack({ op: 'mail', to: email });
    const frame = await page('', mail.link);
    const el = await waitFor(() => frame.contentDocument?.querySelector('kyb-auth-button'), 'landed on the page', 15_000);
    await waitFor(() => $(el, '[part~="greeting"]')?.title === email, 'signed in from the link', 15_000);
    equal(frame.contentWindow.location.hash, '', 'tokens removed from the address');
  });

  it('recovery link: asks for a new password, which then signs in', async () => {
    const u = await createUser();
    const r = await fetch(`${backendUrl()}/auth/v1/recover?redirect_to=${encodeURIComponent(pageUrl('<kyb-auth-button></kyb-auth-button>'))}`, {
      method: 'POST',
      headers: { apikey: anonKey(), 'content-type': 'application/json' },
      body: JSON.stringify({ email: u.email }),
    });
    assert(r.ok, 'recovery requested');
    const mail = (await stack({ op: 'mail', to: u.email })).find((m) => m.kind === 'recovery');
    const frame = await page('', mail.link);
    const el = await waitFor(() => frame.contentDocument?.querySelector('kyb-auth-button'), 'landed on the page', 15_000);
    const dialog = await waitFor(() => $(el, 'dialog[open]'), 'set-new-password dialog', 15_000);
    equal(text(el.shadowRoot.getElementById(dialog.getAttribute('aria-labelledby'))), 'Choose a new password', 'dialog title');
    frame.focus();
    await type(field(el, 'New password'), 'brand-new-pass-2');
    button(el, 'Save new password').click();
    await waitForToast(el, 'Password updated');
    await waitFor(() => !$(el, 'dialog'), 'dialog closed');
    const signIn = await fetch(`${backendUrl()}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: anonKey(), 'content-type': 'application/json' },
      body: JSON.stringify({ email: u.email, password: 'brand-new-pass-2' }),
    });
    equal(signIn.status, 200, 'the new password works');
  });
});
