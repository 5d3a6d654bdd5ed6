/**
 * kyb-unsubscribe in Chromium, built bundle, real local stack: the landing page of an e-mail's
 * unsubscribe link. Each test subscribes its own address through the newsletter-signup function,
 * reads the subscription's token and status back with a service-role REST query (the table is closed
 * to anon), and checks that only a press of the button unsubscribes.
 *
 * The functions rate-limit per client (20 sign-ups and 20 unsubscribes per 10 minutes) and every
 * browser test shares one client address: this file sends 3 sign-ups and 4 unsubscribes.
 */
import {
  $,
  anonKey,
  assert,
  backendUrl,
  button,
  cleanup,
  equal,
  expectAccessible,
  mount,
  requestsTo,
  text,
  toasts,
  uniqueEmail,
  waitFor,
  waitForToast,
  watchText,
  serviceKey,
} from './support/helpers.ts';
import { offline } from './support/leads.ts';

// The function's answers (shared/messages.ts), as the visitor reads them.
const UNSUBSCRIBED = "You've been unsubscribed. You won't receive any more emails from this list.";
const LINK_INVALID = 'This unsubscribe link is not valid.';
const CONTACT = 'hello@kybhaircare.com';

// ---------------------------------------------------------------- service-role access (fixtures only)
/** The newsletter subscription of an address: {status, unsubscribe_token, unsubscribed_at}. */
async function subscription(email) {
  const key = await serviceKey();
  const r = await fetch(`${backendUrl()}/rest/v1/subscribers?email=eq.${encodeURIComponent(email)}&list=eq.newsletter&select=status,unsubscribe_token,unsubscribed_at`, {
    headers: { apikey: key, authorization: `Bearer ${key}` },
  });
  const rows = await r.json();
  assert(r.ok, `service-role read of subscribers → ${r.status} ${JSON.stringify(rows)}`);
  equal(rows.length, 1, `one subscription for ${email}`);
  return rows[0];
}

/** Subscribe a fresh address the way the newsletter form does (fixture set-up, not the UI under test). */
async function subscribed() {
  const email = uniqueEmail('unsub');
  const r = await fetch(`${backendUrl()}/functions/v1/newsletter-signup`, {
    method: 'POST',
    headers: { apikey: anonKey(), authorization: `Bearer ${anonKey()}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Unsub Tester', email, consentGiven: true, sourcePage: '/tests/unsubscribe' }),
  });
  assert(r.ok, `fixture sign-up → ${r.status} ${await r.text()}`);
  const s = await subscription(email);
  equal(s.status, 'subscribed', 'fixture is subscribed');
  return { email, token: s.unsubscribe_token };
}

const UNSUBSCRIBE_CALL = '/functions/v1/newsletter-unsubscribe';
const title = (el) => $(el, '[part~="title"]');
const activeIn = (el) => el.shadowRoot.activeElement;
const randomToken = () => [...crypto.getRandomValues(new Uint8Array(32))].map((b) => b.toString(16).padStart(2, '0')).join('');

/** Press Unsubscribe and wait for the result heading; returns the busy labels seen meanwhile. */
async function press(el) {
  const labels = watchText(el, () => text($(el, '[part~="submit"]')));
  button(el, 'Unsubscribe').click();
  await waitFor(() => title(el), 'result heading');
  labels.stop();
  return labels.seen;
}

describe('kyb-unsubscribe', () => {
  afterEach(cleanup);

  it('unsubscribes only when the visitor presses the button, then confirms and moves focus to the result', async () => {
    const { email, token } = await subscribed();
    const t0 = performance.now();
    const el = await mount(`<kyb-unsubscribe token="${token}"></kyb-unsubscribe>`);
    equal(text(button(el, 'Unsubscribe')), 'Unsubscribe', 'one Unsubscribe button');
    assert(text($(el, '[part~="intro"]')).length > 20, 'a short explanation above the button');
    await expectAccessible(el, 'unsubscribe ready');

    // A mail scanner that opens the link gets this far: nothing may have been sent. The element's own state
    // says so: it calls only with its card busy (aria-busy, set before the call) and, once answered, shows
    // the result in place of the button; "one call" after the press counts any call answered since t0.
    equal($(el, '[part~="card"]').getAttribute('aria-busy'), null, 'no call on its way');
    equal(requestsTo(UNSUBSCRIBE_CALL, t0).length, 0, 'no request before the press');
    equal((await subscription(email)).status, 'subscribed', 'still subscribed before the press');

    const seen = await press(el);
    assert(seen.has('Unsubscribing...'), `busy label (${[...seen]})`);
    equal(text(title(el)), UNSUBSCRIBED, "the function's message");
    equal(title(el).localName, 'h2', 'the result is a heading');
    assert($(el, '[part~="done"]'), 'confirmation state');
    await waitFor(() => activeIn(el) === title(el), 'focus on the result heading');
    equal($(el, '[part~="home"]').href, `${location.origin}/`, 'a link back home');
    equal($(el, '[part~="submit"]'), null, 'no button left to press');
    equal(requestsTo(UNSUBSCRIBE_CALL, t0).length, 1, 'one call');

    const after = await subscription(email);
    equal(after.status, 'unsubscribed', 'the subscriber is unsubscribed');
    assert(after.unsubscribed_at, 'unsubscribed_at recorded');
    await expectAccessible(el, 'unsubscribe done');
  });

  it('gives an unknown token the same neutral answer', async () => {
    const el = await mount(`<kyb-unsubscribe token="${randomToken()}"></kyb-unsubscribe>`);
    await press(el);
    equal(text(title(el)), UNSUBSCRIBED, 'same message as for a known token');
    assert($(el, '[part~="done"]'), 'confirmation state');
    equal($(el, '[part~="invalid"]'), null, 'nothing says the token was unknown');
    equal(toasts(el).length, 0, 'no toast');
  });

  it('reads the token from ?token= in the page URL by default', async () => {
    const { email, token } = await subscribed();
    const before = location.href;
    const url = new URL(before);
    url.searchParams.set('token', token);
    history.replaceState(history.state, '', url);
    try {
      const el = await mount('<kyb-unsubscribe></kyb-unsubscribe>');
      await press(el);
      equal(text(title(el)), UNSUBSCRIBED, 'confirmed');
    } finally {
      history.replaceState(history.state, '', before);
    }
    equal((await subscription(email)).status, 'unsubscribed', 'the token of the URL was used');
  });

  it('says the link is not valid and offers e-mail when there is no token, sending nothing', async () => {
    assert(!new URLSearchParams(location.search).has('token'), 'the test page has no ?token=');
    const t0 = performance.now();
    for (const html of ['<kyb-unsubscribe></kyb-unsubscribe>', '<kyb-unsubscribe token="abc"></kyb-unsubscribe>']) {
      const el = await mount(html);
      equal(text(title(el)), LINK_INVALID, `${html}: clear message`);
      assert($(el, '[part~="invalid"]'), `${html}: invalid-link state`);
      equal($(el, '[part~="submit"]'), null, `${html}: no Unsubscribe button`);
      const mail = $(el, '[part~="mailto"]');
      equal(mail?.getAttribute('href'), `mailto:${CONTACT}?subject=Unsubscribe`, `${html}: mailto fallback`);
      equal(text(mail), CONTACT, `${html}: the address is shown`);
      await expectAccessible(el, `unsubscribe without a valid token (${html})`);
      cleanup();
    }
    equal(requestsTo('/functions/v1/', t0).length, 0, 'nothing sent');
  });

  it('shows Something went wrong when the backend cannot be reached, and keeps the button for another try', async () => {
    const { email, token } = await subscribed();
    const el = await mount(`<kyb-unsubscribe token="${token}"></kyb-unsubscribe>`);
    await offline(async () => {
      const b = button(el, 'Unsubscribe');
      b.focus();
      b.click();
      const t = await waitForToast(el, 'Something went wrong', 'Please try again later or contact support');
      equal(t.variant, 'destructive', 'destructive');
    });
    const b = await waitFor(() => [...el.shadowRoot.querySelectorAll('button')].find((x) => text(x) === 'Unsubscribe'), 'the button is back');
    equal(b.getAttribute('aria-disabled'), null, 'not busy any more');
    equal(activeIn(el), b, 'focus stays on the button');
    equal(title(el), null, 'no result shown');
    equal((await subscription(email)).status, 'subscribed', 'nothing changed');

    await press(el);
    equal(text(title(el)), UNSUBSCRIBED, 'the retry works');
    equal((await subscription(email)).status, 'unsubscribed', 'unsubscribed on the retry');
  });
});
