/**
 * What the kyb-reviews tests share (reviews.test.ts, reviews-form.test.ts): fixtures written through the
 * service-role REST/Storage API, like a moderator would, so the tests know exactly what each slug holds;
 * page helpers; a network switchboard; signing in through kyb-auth-button.
 * useReviewFixtures(): the seeded approved reviews of the slugs used are unapproved for the duration of
 * the calling file and approved again at its end; the rows it adds are deleted.
 */
import { $, $$, assert, backendUrl, button, createUser, mount, requestsTo, text, type, waitFor, serviceKey, type RestOptions, type Session } from './helpers.ts';

export const FIX = 'trinity-locs'; // 12 fixture reviews: summary, filters, sort, pages, media
export const EMPTY = 'protective-style-planner'; // no approved review during this file
export const SUBMIT = 'jah-locs'; // the signed-in user's submissions

// ---------------------------------------------------------------- service-role access (fixtures only)
export async function svc(path: string, { method = 'GET', body, prefer }: RestOptions = {}) {
  const key = await serviceKey();
  const r = await fetch(`${backendUrl()}/rest/v1/${path}`, {
    method,
    headers: {
      apikey: key,
      authorization: `Bearer ${key}`,
      'content-type': 'application/json',
      ...(prefer ? { prefer } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const txt = await r.text();
  assert(r.ok, `service-role ${method} ${path} → ${r.status} ${txt}`);
  return txt ? JSON.parse(txt) : null;
}

export async function svcUpload(path, blob) {
  const key = await serviceKey();
  const r = await fetch(`${backendUrl()}/storage/v1/object/review-media/${path}`, {
    method: 'POST',
    headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': blob.type, 'x-upsert': 'true' },
    body: blob,
  });
  assert(r.ok, `fixture upload ${path} → ${r.status} ${await r.text()}`);
}

export const publicUrl = (path) => `${backendUrl()}/storage/v1/object/public/review-media/${path}`;

/** A real PNG of the given colour (the stack checks types, a browser must be able to show it). */
export async function png(colour = '#b5651d', w = 64, h = 48) {
  const c = document.createElement('canvas');
  c.width = w;
  c.height = h;
  const g = c.getContext('2d');
  g.fillStyle = colour;
  g.fillRect(0, 0, w, h);
  return new Promise<Blob>((ok) => c.toBlob((b) => ok(b!), 'image/png'));
}

// ---------------------------------------------------------------- fixtures
export const hidden = []; // seeded approved review ids unapproved for the calling file
export const added = []; // review ids the calling file created
export let fixtureUser: Session['user'];

/** 12 reviews on FIX: ratings, verified marks, dates (New York time) and media known in advance. */
export const FIXTURES = [
  { rating: 5, title: 'Soft and light', at: '2025-06-20T15:00:00Z', verified: true, media: 2 },
  { rating: 4, title: 'Lovely colour', at: '2025-06-18T15:00:00Z' },
  { rating: 5, title: 'Worth the wait', at: '2025-06-15T15:00:00Z', media: 1 },
  { rating: 3, title: 'Good, a bit long', at: '2025-06-10T15:00:00Z' },
  { rating: 5, title: 'My favourite set', at: '2025-05-30T15:00:00Z', verified: true },
  { rating: 2, title: 'Shed at first', at: '2025-05-20T15:00:00Z' },
  { rating: 4, title: 'Natural look', at: '2025-05-10T15:00:00Z' },
  { rating: 5, title: 'Compliments daily', at: '2025-04-01T15:00:00Z' },
  { rating: 1, title: 'Not for me', at: '2025-03-07T15:00:00Z' },
  { rating: 5, title: 'Held up swimming', at: '2025-02-14T15:00:00Z' },
  // Page 2 (newest first): 02:00 UTC on Jan 1 is still Dec 31 in New York.
  { rating: 4, title: 'New year, new crown', at: '2025-01-01T02:00:00Z', verified: true },
  { rating: 3, title: 'Decent value', at: '2024-11-11T15:00:00Z' },
];
export const NAMES = ['Amara Johnson', 'Kemi Okafor', 'Tasha Williams', 'Zoe', 'Imani Brooks'];

export async function hideApproved(slug) {
  const rows = await svc(`reviews?product_slug=eq.${slug}&is_approved=eq.true&select=id`, {
    method: 'PATCH',
    body: { is_approved: false },
    prefer: 'return=representation',
  });
  hidden.push(...rows.map((r) => r.id));
}

export async function insertReviews(slug, specs) {
  const rows = specs.map((f, i) => ({
    id: crypto.randomUUID(),
    user_id: fixtureUser.id,
    product_slug: slug,
    rating: f.rating,
    title: f.title,
    content: f.content ?? `${f.title}. Review text number ${i + 1}.`,
    reviewer_name: f.name ?? NAMES[i % NAMES.length],
    is_verified_purchase: !!f.verified,
    is_approved: f.approved ?? true,
    created_at: f.at,
  }));
  await svc('reviews', { method: 'POST', body: rows, prefer: 'return=minimal' });
  added.push(...rows.map((r) => r.id));
  const media = [];
  for (const [i, f] of specs.entries()) {
    for (let k = 0; k < (f.media ?? 0); k++) {
      const path = `${fixtureUser.id}/${rows[i].id}/${k}.png`;
      const blob = await png(k ? '#3f5e4a' : '#b5651d', 120 + k * 40, 90);
      await svcUpload(path, blob);
      media.push({ review_id: rows[i].id, file_path: path, file_type: 'image/png', file_size: blob.size });
    }
  }
  if (media.length) await svc('review_media', { method: 'POST', body: media, prefer: 'return=minimal' });
  return rows;
}

/** Registers the calling file's fixture set-up (before its tests) and clean-up (after them). */
export function useReviewFixtures() {
  before(async () => {
    // A session left by another test file (same origin) would make this page start signed in.
    for (const k of Object.keys(localStorage)) if (k.startsWith('sb-')) localStorage.removeItem(k);
    const u = await createUser({ fullName: 'Fixture Reviewer' });
    fixtureUser = u.session.user;
    const probe = await fetch(`${backendUrl()}/rest/v1/reviews?select=id&limit=1`, {
      headers: { apikey: await serviceKey(), authorization: `Bearer ${await serviceKey()}` },
    });
    assert(probe.ok, `the test stack's service-role key is refused (${probe.status}); is JWT_SECRET set?`);
    for (const slug of [FIX, EMPTY, SUBMIT]) await hideApproved(slug);
    await insertReviews(FIX, FIXTURES);
  });

  after(async () => {
    if (added.length) await svc(`reviews?id=in.(${added.join(',')})`, { method: 'DELETE' });
    if (hidden.length) await svc(`reviews?id=in.(${hidden.join(',')})`, { method: 'PATCH', body: { is_approved: true } });
  });
}

// ---------------------------------------------------------------- page helpers
export const feedRequests = (since) => requestsTo('/rest/v1/rpc/review_feed', since);
/** File names of the bundle's chunks this page fetched (resource timing). */
export const chunkNames = (since = 0) => requestsTo('/chunks/', since).map((e) => new URL(e.name).pathname.split('/').pop());
/** Chunks needed only after an action: form, lightbox, toasts, auth store (and the core chunks only they use), supabase-js. */
export const LATER_CHUNK = /^(ReviewForm|Lightbox|Toasts|Session|auth|toast|form|events|dist)-/;
export const cards = (el) => $$(el, '[part~="review"]');
export const titles = (el) => cards(el).map((c) => text(c.querySelector('h3')));
export const ratingsShown = (el) => cards(el).map((c) => Number(/Rated (\d) out of 5/.exec(c.querySelector('[role="img"]').getAttribute('aria-label'))[1]));
export const loaded = (el) => waitFor(() => $(el, '.rv')?.dataset.state === 'ready', 'reviews loaded');

// ---------------------------------------------------------------- network switchboard
// postgrest-js keeps the fetch it found when its client was made, so the page's fetch is wrapped once,
// when this module is imported (before any element exists), and tests plug rules into it: hold a request, or fail it.
export const realFetch = window.fetch.bind(window);
export let rules = [];
window.fetch = async (input, init) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
  for (const rule of rules) {
    const r = await rule(url, method);
    if (r) return r;
  }
  return realFetch(input, init);
};
export function route(rule) {
  rules.push(rule);
  return () => (rules = rules.filter((x) => x !== rule));
}

/** Hold matching requests until release() (the local stack answers too fast to see a busy state). */
export function hold(match) {
  let release: () => void;
  const gate = new Promise<void>((ok) => (release = ok));
  const unroute = route(async (url, method) => {
    if (match(url, method)) await gate;
    return null;
  });
  return () => {
    unroute();
    release();
  };
}

/** Answer matching requests with an error: a dropped connection (`network`) or an HTTP status. */
export function fail(match: (url: string, method: string) => boolean, { times = Infinity, status }: { times?: number; status?: number } = {}) {
  let left = times;
  return route(async (url, method) => {
    if (left <= 0 || !match(url, method)) return null;
    left--;
    if (!status) throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify({ code: 'XX000', message: 'test failure', details: null, hint: null }), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
}
export const isFeed = (url) => url.includes('/rest/v1/rpc/review_feed');

export function pickFiles(input, files) {
  const dt = new DataTransfer();
  for (const f of files) dt.items.add(f);
  input.files = dt.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

/** Sign in through kyb-auth-button, the way a visitor does (the auth store is shared by all elements). */
export async function signIn(u) {
  const bar = await mount('<kyb-auth-button></kyb-auth-button>');
  await waitFor(() => $(bar, 'button'), 'auth button ready');
  button(bar, 'Sign in').click();
  await waitFor(() => $(bar, 'dialog')?.open, 'dialog');
  const f = (label) => [...bar.shadowRoot.querySelectorAll<HTMLLabelElement>('[role="tabpanel"]:not([hidden]) label')].find((l) => text(l) === label);
  await type(bar.shadowRoot.getElementById(f('Email').htmlFor) as HTMLInputElement, u.email);
  await type(bar.shadowRoot.getElementById(f('Password').htmlFor) as HTMLInputElement, u.password);
  $(bar, '[role="tabpanel"]:not([hidden]) button[type="submit"]').click();
  await waitFor(() => $(bar, '[part~="greeting"]')?.title === u.email, 'signed in');
  return bar;
}
