/**
 * kyb-reviews in Chromium, built bundle, real local stack (docs/reviews.md#reviews-section, #review-form, #states, #validation, docs/data.md#calls, docs/reviews.md#messages).
 *
 * Fixtures are written through the service-role REST/Storage API, like a moderator would, so the
 * tests know exactly what each slug holds: the seeded approved reviews of the slugs used here are
 * unapproved for the duration of this file and approved again at the end; the rows this file adds are
 * deleted. Signed-out tests run first (the page's auth store is shared and only signs in once).
 */
import {
  $,
  $$,
  assert,
  backendUrl,
  button,
  cleanup,
  createUser,
  equal,
  expectAccessible,
  listen,
  mount,
  requestsTo,
  sendKeys,
  storedSession,
  text,
  toasts,
  type,
  waitFor,
  waitForToast,
  serviceKey,
  type RestOptions,
  type Session,
  type Mounted,
  type TestUser,
} from './support/helpers.ts';
import { emulateMedia, sendMouse, setViewport } from '@web/test-runner-commands';

const FIX = 'trinity-locs'; // 12 fixture reviews: summary, filters, sort, pages, media
const EMPTY = 'protective-style-planner'; // no approved review during this file
const SUBMIT = 'jah-locs'; // the signed-in user's submissions

// ---------------------------------------------------------------- service-role access (fixtures only)
async function svc(path: string, { method = 'GET', body, prefer }: RestOptions = {}) {
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

async function svcUpload(path, blob) {
  const key = await serviceKey();
  const r = await fetch(`${backendUrl()}/storage/v1/object/review-media/${path}`, {
    method: 'POST',
    headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': blob.type, 'x-upsert': 'true' },
    body: blob,
  });
  assert(r.ok, `fixture upload ${path} → ${r.status} ${await r.text()}`);
}

const publicUrl = (path) => `${backendUrl()}/storage/v1/object/public/review-media/${path}`;

/** A real PNG of the given colour (the stack checks types, a browser must be able to show it). */
async function png(colour = '#b5651d', w = 64, h = 48) {
  const c = document.createElement('canvas');
  c.width = w;
  c.height = h;
  const g = c.getContext('2d');
  g.fillStyle = colour;
  g.fillRect(0, 0, w, h);
  return new Promise<Blob>((ok) => c.toBlob((b) => ok(b!), 'image/png'));
}

// ---------------------------------------------------------------- fixtures
const hidden = []; // seeded approved review ids unapproved for this file
const added = []; // review ids this file created
let fixtureUser: Session['user'];

/** 12 reviews on FIX: ratings, verified marks, dates (New York time) and media known in advance. */
const FIXTURES = [
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
const NAMES = ['Amara Johnson', 'Kemi Okafor', 'Tasha Williams', 'Zoe', 'Imani Brooks'];

async function hideApproved(slug) {
  const rows = await svc(`reviews?product_slug=eq.${slug}&is_approved=eq.true&select=id`, {
    method: 'PATCH',
    body: { is_approved: false },
    prefer: 'return=representation',
  });
  hidden.push(...rows.map((r) => r.id));
}

async function insertReviews(slug, specs) {
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

// ---------------------------------------------------------------- page helpers
const feedRequests = (since) => requestsTo('/rest/v1/rpc/review_feed', since);
/** File names of the bundle's chunks this page fetched (resource timing). */
const chunkNames = (since = 0) => requestsTo('/chunks/', since).map((e) => new URL(e.name).pathname.split('/').pop());
/** Chunks needed only after an action: form, lightbox, toasts, auth store (and the core chunks only they use), supabase-js. */
const LATER_CHUNK = /^(ReviewForm|Lightbox|Toasts|Session|auth|toast|form|events|dist)-/;
const cards = (el) => $$(el, '[part~="review"]');
const titles = (el) => cards(el).map((c) => text(c.querySelector('h3')));
const ratingsShown = (el) => cards(el).map((c) => Number(/Rated (\d) out of 5/.exec(c.querySelector('[role="img"]').getAttribute('aria-label'))[1]));
const loaded = (el) => waitFor(() => $(el, '.rv')?.dataset.state === 'ready', 'reviews loaded');

// ---------------------------------------------------------------- network switchboard
// postgrest-js keeps the fetch it found when its client was made, so the page's fetch is wrapped once,
// before any element exists, and tests plug rules into it: hold a request, or fail it.
const realFetch = window.fetch.bind(window);
let rules = [];
window.fetch = async (input, init) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
  for (const rule of rules) {
    const r = await rule(url, method);
    if (r) return r;
  }
  return realFetch(input, init);
};
function route(rule) {
  rules.push(rule);
  return () => (rules = rules.filter((x) => x !== rule));
}

/** Hold matching requests until release() (the local stack answers too fast to see a busy state). */
function hold(match) {
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
function fail(match: (url: string, method: string) => boolean, { times = Infinity, status }: { times?: number; status?: number } = {}) {
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
const isFeed = (url) => url.includes('/rest/v1/rpc/review_feed');

function pickFiles(input, files) {
  const dt = new DataTransfer();
  for (const f of files) dt.items.add(f);
  input.files = dt.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

/** Sign in through kyb-auth-button, the way a visitor does (the auth store is shared by all elements). */
async function signIn(u) {
  const bar = await mount('<kyb-auth-button></kyb-auth-button>');
  await waitFor(() => $(bar, 'button'), 'auth button ready');
  button(bar, 'Sign in').click();
  await waitFor(() => $(bar, 'dialog')?.open, 'dialog');
  const f = (label) => [...bar.shadowRoot.querySelectorAll<HTMLLabelElement>('[role="tabpanel"]:not([hidden]) label')].find((l) => text(l) === label);
  await type(bar.shadowRoot.getElementById(f('Email').htmlFor) as HTMLInputElement, u.email);
  await type(bar.shadowRoot.getElementById(f('Password').htmlFor) as HTMLInputElement, u.password);
  $(bar, '[role="tabpanel"]:not([hidden]) button[type="submit"]').click();
  await waitFor(() => text($(bar, '[part~="greeting"]')).includes(u.email), 'signed in');
  return bar;
}

// ================================================================= signed out
describe('kyb-reviews (signed out)', () => {
  afterEach(cleanup);

  it('shows a skeleton, then the summary and the newest page with dates, stars and verified marks', async () => {
    const t0 = performance.now();
    const release = hold(isFeed);
    let el: Mounted;
    try {
      el = await mount(`<kyb-reviews slug="${FIX}"></kyb-reviews>`);
      await waitFor(() => $(el, '[part~="skeleton"]'), 'skeleton while loading');
      equal($(el, '[part~="list"]').getAttribute('aria-busy'), 'true', 'list marked busy');
      equal(cards(el).length, 0, 'no review before the data');
    } finally {
      release();
    }
    await loaded(el);
    equal($(el, '[part~="skeleton"]'), null, 'skeleton gone');
    equal(text($(el, '[part~="heading"]')), 'Customer Reviews', 'heading');
    // (5·5 + 4·3 + 3·2 + 2 + 1) / 12 = 46 / 12 = 3.83 → 3.8
    const summary = $(el, '[part~="summary"]');
    assert(text(summary).startsWith('3.8'), `average rounded to 1 decimal (${text(summary)})`);
    assert(text(summary).includes('Based on 12 reviews'), `count (${text(summary)})`);
    equal(summary.querySelector('[role="img"]').getAttribute('aria-label'), 'Average rating 3.8 out of 5', 'average stars label');
    const bars = $$(el, '[part~="histogram"] button').map(text);
    assert(bars[0].includes('5 stars: 5 reviews') && bars[4].includes('1 star: 1 review'), `histogram 5..1 (${bars})`);

    equal(cards(el).length, 10, 'first page of 10');
    equal(
      titles(el).join('|'),
      FIXTURES.slice(0, 10)
        .map((f) => f.title)
        .join('|'),
      'newest first',
    );
    equal(
      ratingsShown(el).join(','),
      FIXTURES.slice(0, 10)
        .map((f) => f.rating)
        .join(','),
      '"Rated N out of 5"',
    );
    const first = cards(el)[0];
    assert(text(first).includes('June 20, 2025'), `US English long date (${text(first)})`);
    assert(text(first).includes('Amara Johnson'), 'reviewer name');
    assert(text(first).includes('Soft and light. Review text number 1.'), 'content');
    assert(first.querySelector('svg.rv-avatar') && text(first.querySelector('svg.rv-avatar')) === 'AJ', 'local avatar with initials');
    equal(cards(el).filter((c) => text(c).includes('Verified Purchase')).length, 2, 'verified marks on page 1');
    assert(!text(cards(el)[1]).includes('Verified Purchase'), 'no mark when not verified');
    equal(first.querySelectorAll('.rv-thumb').length, 2, 'media thumbnails');
    equal(first.querySelector('.rv-thumb img').src, publicUrl(`${fixtureUser.id}/${added[0]}/0.png`), 'public URL of the bucket');

    assert(!$$(el, 'button').some((b) => text(b) === 'Write Review'), 'no Write Review when signed out');
    const feeds = feedRequests(t0);
    equal(feeds.length, 1, 'one request for the first page');
    const q = new URL(feeds[0].name).searchParams;
    equal(q.get('p_slug'), FIX, 'slug sent');
    equal(q.get('p_limit'), '10', 'page size 10');
    equal(requestsTo('/auth/v1/', t0).length, 0, 'no auth request on the public read path');
    const reg = globalThis[Symbol.for('kyb.supabase')];
    assert(!reg || reg.size === 0, 'supabase-js (auth) never loaded for a signed-out visitor');
    // Only the first view's code: the form, lightbox, toasts, auth store and supabase-js wait for an action.
    const fetched = chunkNames();
    assert(
      fetched.some((c) => c.startsWith('reviews-')),
      `the reviews chunk was fetched (${fetched})`,
    );
    const early = fetched.filter((c) => LATER_CHUNK.test(c));
    equal(early.join(','), '', 'no code that is needed only after an action');
    await expectAccessible(el, 'reviews list');
  });

  it('pages with Load more, filters by stars and media, sorts, one request each', async () => {
    const el = await mount(`<kyb-reviews slug="${FIX}"></kyb-reviews>`);
    await loaded(el);
    let t0 = performance.now();
    const more = $(el, '[part~="load-more"]');
    assert(text($(el, '.rv-more')).includes('Showing 10 of 12'), 'progress');
    more.click();
    await waitFor(() => cards(el).length === 12, 'second page appended');
    equal(feedRequests(t0).length, 1, 'one request for page 2');
    const more2 = new URL(feedRequests(t0)[0].name).searchParams;
    assert(/^[1-5]:\d+:[0-9a-f-]{36}$/.test(more2.get('p_after') ?? ''), `page 2 starts after the first page's cursor (${more2.get('p_after')})`);
    equal(more2.get('p_offset'), null, 'no offset');
    equal($(el, '[part~="load-more"]'), null, 'no Load more at the end');
    const last = cards(el)[10];
    assert(text(last).includes('December 31, 2024'), `date in the visitor's time zone (${text(last)})`);

    // Histogram: 5 stars.
    t0 = performance.now();
    $$(el, '[part~="histogram"] button')[0].click();
    await waitFor(() => cards(el).length === 5 && ratingsShown(el).every((r) => r === 5), 'only 5-star reviews');
    equal($$(el, '[part~="histogram"] button')[0].getAttribute('aria-pressed'), 'true', 'bar pressed');
    assert(text(el.shadowRoot).includes('5 matching reviews'), 'matching count');
    equal(feedRequests(t0).length, 1, 'one request for the filter');
    equal(new URL(feedRequests(t0)[0].name).searchParams.get('p_rating'), '5', 'p_rating sent');
    assert(text($(el, '[part~="summary"]')).includes('Based on 12 reviews'), 'summary stays the whole slug');
    // Clicking the pressed bar clears the filter.
    $$(el, '[part~="histogram"] button')[0].click();
    await waitFor(() => cards(el).length === 10, 'all again');

    // With photos/videos.
    const chip = $$(el, '[part~="filters"] button').find((b) => text(b).startsWith('With photos/videos'));
    assert(text(chip).endsWith('2'), `chip counts reviews with media (${text(chip)})`);
    chip.click();
    await waitFor(() => cards(el).length === 2 && cards(el).every((c) => c.querySelector('.rv-thumb')), 'only reviews with media');
    chip.click();
    await waitFor(() => cards(el).length === 10, 'all again');

    // Sort.
    const select = $(el, 'select');
    equal([...select.options].map((o) => o.text).join('|'), 'Newest|Highest rated|Lowest rated', 'sort options');
    t0 = performance.now();
    select.value = 'lowest';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    await waitFor(() => ratingsShown(el)[0] === 1, 'lowest first');
    const low = ratingsShown(el);
    assert(
      low.every((r, i) => i === 0 || r >= low[i - 1]),
      `ascending (${low})`,
    );
    equal(feedRequests(t0).length, 1, 'one request for the sort');
    select.value = 'highest';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    await waitFor(() => ratingsShown(el)[0] === 5 && ratingsShown(el).at(-1) < 5, 'highest first');
    // Equal ratings: newest first.
    equal(
      titles(el).slice(0, 5).join('|'),
      FIXTURES.filter((f) => f.rating === 5)
        .map((f) => f.title)
        .join('|'),
      'ties by date',
    );
    await expectAccessible(el, 'filtered list');
  });

  it('opens media in a lightbox: arrows, Esc, focus back on the thumbnail', async () => {
    const el = await mount(`<kyb-reviews slug="${FIX}"></kyb-reviews>`);
    await loaded(el);
    const thumb = cards(el)[0].querySelector('.rv-thumb');
    await waitFor(() => thumb.querySelector('img').complete && thumb.querySelector('img').naturalWidth > 0, 'thumbnail image loaded');
    thumb.focus();
    await waitFor(() => chunkNames().some((c) => c.startsWith('Lightbox-')), "focusing a thumbnail fetches the lightbox's code before the click");
    thumb.click();
    const dialog = await waitFor(() => $(el, 'dialog[open]'), 'lightbox open');
    const img = () => dialog.querySelector('img');
    equal(img().src, publicUrl(`${fixtureUser.id}/${added[0]}/0.png`), 'first image');
    assert(img().alt.includes('Photo 1 of 2') && img().alt.includes('Amara Johnson'), `alt text (${img().alt})`);
    assert(text(dialog).includes('1 / 2'), 'position');
    await waitFor(() => el.shadowRoot.activeElement?.getAttribute('aria-label') === 'Close', 'focus moves into the dialog');
    await sendKeys({ press: 'ArrowRight' });
    await waitFor(() => img().src.endsWith('/1.png'), 'ArrowRight shows the next');
    assert(text(dialog).includes('2 / 2'), 'position 2');
    await sendKeys({ press: 'ArrowRight' });
    await waitFor(() => img().src.endsWith('/0.png'), 'wraps around');
    await sendKeys({ press: 'ArrowLeft' });
    await waitFor(() => img().src.endsWith('/1.png'), 'ArrowLeft');
    await expectAccessible(el, 'lightbox');
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !$(el, 'dialog'), 'Esc closes');
    await waitFor(() => el.shadowRoot.activeElement === thumb, 'focus back on the thumbnail');
    // Buttons work too.
    thumb.click();
    await waitFor(() => $(el, 'dialog[open]'), 'open again');
    $(el, 'dialog button[aria-label="Next"]').click();
    await waitFor(() => $(el, 'dialog img').src.endsWith('/1.png'), 'Next button');
    $(el, 'dialog button[aria-label="Close"]').click();
    await waitFor(() => !$(el, 'dialog'), 'Close button');
  });

  it('shows the empty state and asks a signed-out visitor to sign in', async () => {
    const el = await mount(`<kyb-reviews slug="${EMPTY}"></kyb-reviews>`);
    await loaded(el);
    const empty = $(el, '[part~="empty"]');
    assert(empty, 'empty state');
    assert(text(empty).includes('No reviews yet'), 'title');
    assert(text(empty).includes('Be the first to share your experience with this product'), 'text');
    equal($(el, '[part~="summary"]'), null, 'no summary without reviews');
    const requests = listen('kyb-request-sign-in');
    button(el, 'Write the First Review').click();
    const t = await waitForToast(el, 'Authentication required', 'Please sign in to submit a review');
    assert(t, 'auth toast');
    requests.stop();
    equal(requests.events.length, 1, 'asks kyb-auth-button to open its dialog');
    equal($(el, 'form'), null, 'no form for a visitor');
    equal(
      chunkNames()
        .filter((c) => /^(ReviewForm|Session|auth|dist)-/.test(c))
        .join(','),
      '',
      "a visitor's press loads neither the form nor the auth store",
    );
    await expectAccessible(el, 'empty state');
  });

  it('lists the seeded reviews of handmade-locs when no slug is given, and says "Based on 1 review" for one', async () => {
    const seeded = await svc('reviews?product_slug=eq.handmade-locs&is_approved=eq.true&order=created_at.desc&select=title,rating,reviewer_name,created_at');
    assert(seeded.length >= 3, `the seed has approved handmade-locs reviews (${seeded.length})`);
    const t0 = performance.now();
    const el = await mount('<kyb-reviews></kyb-reviews>');
    await loaded(el);
    equal(new URL(feedRequests(t0)[0].name).searchParams.get('p_slug'), 'handmade-locs', 'default slug');
    const summary = text($(el, '[part~="summary"]'));
    const avg = (Math.round((seeded.reduce((a, r) => a + r.rating, 0) / seeded.length) * 10) / 10).toFixed(1);
    assert(summary.startsWith(avg), `average ${avg} (${summary})`);
    assert(summary.includes(`Based on ${seeded.length} reviews`), `count (${summary})`);
    const page = seeded.slice(0, 10);
    equal(titles(el).join('|'), page.map((r) => r.title).join('|'), 'seeded titles, newest first');
    for (const [i, r] of page.entries()) {
      const date = new Date(r.created_at).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'America/New_York' });
      assert(text(cards(el)[i]).includes(date), `date "${date}" on "${r.title}"`);
      assert(text(cards(el)[i]).includes(r.reviewer_name), `name on "${r.title}"`);
    }
    cleanup();
    await insertReviews(EMPTY, [{ rating: 4, title: 'Only one', at: '2025-02-02T15:00:00Z' }]);
    const one = await mount(`<kyb-reviews slug="${EMPTY}"></kyb-reviews>`);
    await loaded(one);
    assert(text($(one, '[part~="summary"]')).includes('Based on 1 review'), `singular (${text($(one, '[part~="summary"]'))})`);
    assert(!text($(one, '[part~="summary"]')).includes('1 reviews'), 'not "1 reviews"');
    assert(text($(one, '[part~="summary"]')).startsWith('4.0'), 'one decimal');
    await svc(`reviews?id=eq.${added.at(-1)}`, { method: 'PATCH', body: { is_approved: false } });
  });

  it('takes its colours from the --kyb-* tokens and stills the skeleton for reduced motion', async () => {
    await emulateMedia({ reducedMotion: 'reduce' });
    const release = hold(isFeed);
    try {
      const el = await mount(`<kyb-reviews slug="${FIX}" style="--kyb-color-star: rgb(1, 2, 3)"></kyb-reviews>`);
      const bone = await waitFor(() => $(el, '.rv-sk'), 'skeleton');
      equal(getComputedStyle(bone).animationName, 'none', 'no shimmer with prefers-reduced-motion');
      release();
      await loaded(el);
      equal(getComputedStyle(cards(el)[0].querySelector('.rv-stars__fill svg')).fill, 'rgb(1, 2, 3)', 'star colour from --kyb-color-star');
    } finally {
      release();
      await emulateMedia({ reducedMotion: 'no-preference' });
    }
    const el = await mount(`<kyb-reviews slug="${FIX}"></kyb-reviews>`);
    await loaded(el);
    const release2 = hold(isFeed);
    try {
      $$(el, '[part~="histogram"] button')[0].click();
      const bone = await waitFor(() => $(el, '.rv-sk'), 'skeleton while the filter loads');
      assert(getComputedStyle(bone).animationName.startsWith('rv-shimmer'), 'shimmer otherwise');
    } finally {
      release2();
    }
  });

  it('fits 320 px with 44 px targets', async () => {
    await setViewport({ width: 320, height: 800 });
    try {
      const el = await mount(`<kyb-reviews slug="${FIX}"></kyb-reviews>`);
      await loaded(el);
      assert(el.scrollWidth <= 320 && el.getBoundingClientRect().width <= 320, `no horizontal overflow (${el.scrollWidth})`);
      for (const b of $$(el, 'button, select')) {
        const r = b.getBoundingClientRect();
        if (!r.width) continue;
        assert(r.height >= 44 && r.width >= 44, `target "${text(b) || b.getAttribute('aria-label')}" is ${r.width}×${r.height}`);
      }
    } finally {
      await setViewport({ width: 1024, height: 800 });
    }
  });

  // issue #8: below ~600 px every review showed five full stars (the fill was a share of the whole row).
  it("fills each review's stars in proportion to its rating at every width", async () => {
    for (const width of [320, 390, 1024]) {
      await setViewport({ width, height: 800 });
      try {
        const el = await mount(`<kyb-reviews slug="${FIX}"></kyb-reviews>`);
        await loaded(el);
        const shown = cards(el).map((c) => {
          const stars = c.querySelector('[role="img"]');
          const rating = Number(/Rated (\d) out of 5/.exec(stars.getAttribute('aria-label'))[1]);
          const base = stars.querySelector('.rv-stars__base').getBoundingClientRect().width;
          const fill = stars.querySelector('.rv-stars__fill').getBoundingClientRect().width;
          return { rating, share: Math.round((fill / base) * 100) };
        });
        assert(
          shown.some((s) => s.rating < 5),
          'some reviews below 5 stars',
        );
        for (const s of shown) assert(Math.abs(s.share - s.rating * 20) <= 2, `at ${width} px a ${s.rating}-star review fills ${s.share}% of its stars`);
      } finally {
        cleanup();
        await setViewport({ width: 1024, height: 800 });
      }
    }
  });

  // issue #10: the brand's public reply comes with the feed (no extra request) and sits under its review.
  it("shows the brand's reply under its review, labelled and dated, from the same single request", async () => {
    const [stored] = await svc('review_replies', {
      method: 'POST',
      body: { review_id: added[1], content: 'Thank you, Kemi!\nSee you at the studio.' },
      prefer: 'return=representation',
    });
    try {
      for (const width of [320, 1024]) {
        await setViewport({ width, height: 800 });
        const t0 = performance.now();
        const el = await mount(`<kyb-reviews slug="${FIX}"></kyb-reviews>`);
        await loaded(el);
        equal(feedRequests(t0).length, 1, 'one request, the reply included');
        equal(requestsTo('review_replies', t0).length, 0, 'no request of its own');
        const replies = $$(el, '[part~="reply"]');
        equal(replies.length, 1, 'one reply');
        assert(cards(el)[1].contains(replies[0]), 'inside the review it answers');
        const day = new Date(stored.updated_at).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
        equal(text(replies[0].querySelector('.rv-reply__head')), `Response from KYB ${day}`, 'labelled as the brand, dated');
        equal(replies[0].querySelector('time').getAttribute('datetime'), stored.updated_at, 'machine-readable date');
        equal(replies[0].querySelector('.rv-reply__content').innerText, 'Thank you, Kemi!\nSee you at the studio.', 'its text, line breaks kept');
        const r = replies[0].getBoundingClientRect();
        const card = cards(el)[1].getBoundingClientRect();
        assert(r.left >= card.left && r.right <= card.right + 0.5, `within its review at ${width} px`);
        assert(el.scrollWidth <= Math.max(width, el.getBoundingClientRect().width), `no overflow at ${width} px`);
        await expectAccessible(el, `reviews with a reply at ${width} px`);
        cleanup();
      }
    } finally {
      await setViewport({ width: 1024, height: 800 });
      await svc(`review_replies?review_id=eq.${added[1]}`, { method: 'DELETE' });
    }
  });

  it('logs a failed list load and shows the list empty', async () => {
    // A 500 is not retried by postgrest-js (a dropped connection on a GET is, three times).
    const restore = fail(isFeed, { status: 500 });
    const logged = [];
    const realError = console.error;
    console.error = (...a) => logged.push(a);
    try {
      const el = await mount(`<kyb-reviews slug="${FIX}"></kyb-reviews>`);
      await loaded(el);
      equal(cards(el).length, 0, 'list empty');
      assert(logged.length >= 1, 'error logged');
      equal(toasts(el).length, 0, 'no toast for a list failure');
    } finally {
      console.error = realError;
      restore();
    }
  });
});

// ================================================================= signed in
describe('kyb-reviews (signed in)', () => {
  let user: TestUser;
  let userId: string;

  before(async () => {
    user = await createUser({ fullName: 'Nia Rivers' });
    // A list already on the page when the visitor signs in elsewhere (the header) offers Write Review, no click needed.
    const listed = await mount(`<kyb-reviews slug="${FIX}"></kyb-reviews>`);
    await loaded(listed);
    equal($(listed, '[part~="write-button"]'), null, 'no Write Review before signing in');
    await signIn(user);
    userId = storedSession().user.id;
    await waitFor(() => $(listed, '[part~="write-button"]'), 'Write Review after a sign-in elsewhere on the page');
    listed.parentElement.remove();
  });
  afterEach(() => {
    for (const el of document.querySelectorAll('#app kyb-reviews')) el.parentElement.remove();
  });

  async function openForm(slug = SUBMIT) {
    const el = await mount(`<kyb-reviews slug="${slug}"></kyb-reviews>`);
    await loaded(el);
    const write = await waitFor(() => $(el, '[part~="write-button"]'), 'Write Review for a signed-in user');
    equal(text(write), 'Write Review', 'label');
    write.click();
    await waitFor(() => $(el, 'form'), 'form open');
    return el;
  }
  const inputs = (el) => {
    const form = $(el, 'form');
    return {
      stars: [...form.querySelectorAll('input[type="radio"]')],
      title: form.querySelector('[part~="title-field"] input'),
      name: form.querySelector('[part~="name-field"] input'),
      content: form.querySelector('[part~="content-field"] textarea'),
      files: form.querySelector('input[type="file"]'),
      submit: form.querySelector('button[type="submit"]'),
    };
  };
  const reviewRows = (title) => svc(`reviews?user_id=eq.${userId}&title=eq.${encodeURIComponent(title)}&select=*,review_media(*)`);

  it("fetches the form's code when Write Review is focused or hovered, before the click", async () => {
    equal(
      chunkNames()
        .filter((c) => c.startsWith('ReviewForm-'))
        .join(','),
      '',
      'no form code before a signed-in visitor reaches for it',
    );
    const el = await mount(`<kyb-reviews slug="${SUBMIT}"></kyb-reviews>`);
    await loaded(el);
    const write = await waitFor(() => $(el, '[part~="write-button"]'), 'Write Review for a signed-in user');
    write.focus();
    await waitFor(() => chunkNames().some((c) => c.startsWith('ReviewForm-')), 'focus fetches the form');
    write.click();
    await waitFor(() => $(el, 'form'), 'form open');
    equal(el.shadowRoot.activeElement, $(el, 'form h3'), 'focus moves to the form heading');
  });

  it('toggles the form, prefills the name, marks fields required; Cancel closes it', async () => {
    const el = await openForm();
    const f = inputs(el);
    equal($(el, '[part~="write-button"]').getAttribute('aria-expanded'), 'true', 'expanded');
    await waitFor(() => f.name.value === 'Nia Rivers', 'name prefilled from the profile');
    for (const c of [f.title, f.name, f.content, f.stars[0]]) assert(c.required, `${c.type} required`);
    assert(text($(el, 'form')).includes('Max 5 files, 5MB each'), 'file hint');
    equal(f.stars.length, 5, 'five stars');
    // Hover lights the stars up to the pointer; leaving restores.
    const labels = [...$(el, 'form').querySelectorAll('.rv-star-input__option')];
    const centre = (node) => {
      const r = node.getBoundingClientRect();
      return [Math.round(r.x + r.width / 2), Math.round(r.y + r.height / 2)] as [number, number];
    };
    labels[3].scrollIntoView({ block: 'center' });
    await sendMouse({ type: 'move', position: centre(labels[3]) });
    await waitFor(() => labels.filter((l) => l.dataset.on === 'true').length === 4, 'hover highlights 4 stars');
    await sendMouse({ type: 'move', position: centre($(el, 'form h3')) });
    await waitFor(() => labels.every((l) => !l.dataset.on), 'leaving restores 0');
    // Keyboard: arrow keys choose a rating (native radio group).
    f.stars[0].focus();
    await sendKeys({ press: 'ArrowRight' });
    await sendKeys({ press: 'ArrowRight' });
    await waitFor(() => f.stars[2].checked, 'arrows select 3 stars');
    equal(labels.filter((l) => l.dataset.on === 'true').length, 3, '3 stars lit');
    button(el, 'Cancel').click();
    await waitFor(() => !$(el, 'form'), 'Cancel closes');
    await waitFor(() => el.shadowRoot.activeElement === $(el, '[part~="write-button"]'), 'focus back on Write Review');
    $(el, '[part~="write-button"]').click();
    await waitFor(() => $(el, 'form'), 'opens again');
    $(el, '[part~="write-button"]').click();
    await waitFor(() => !$(el, 'form'), 'Write Review toggles it closed');
  });

  it('refuses a missing rating and empty fields with the toast and inline errors, sending nothing', async () => {
    const el = await openForm();
    const f = inputs(el);
    const t0 = performance.now();
    await waitFor(() => f.name.value === 'Nia Rivers', 'name prefilled');
    await type(f.name, '');
    f.submit.click();
    await waitForToast(el, 'Rating required', 'Please select a star rating');
    const errs = $$(el, 'form .kyb-error').map(text);
    assert(errs.includes('Title is required') && errs.includes('Name is required') && errs.includes('Review is required'), `inline errors (${errs})`);
    equal(f.title.getAttribute('aria-invalid'), 'true', 'title invalid');
    await expectAccessible(el, 'form with errors');
    // Rating given, text still missing: no request either.
    f.stars[4].click();
    await type(f.title, 'Great');
    f.submit.click();
    await waitFor(() => $$(el, 'form .kyb-error').length === 2, 'remaining errors');
    equal(requestsTo('/rest/v1/reviews', t0).length, 0, 'nothing sent');
    equal(requestsTo('/storage/v1/', t0).length, 0, 'nothing uploaded');
  });

  it('drops bad files with the notice, keeps at most 5, shows thumbnails with remove buttons', async () => {
    const el = await openForm();
    const f = inputs(el);
    const good = await png();
    const gif = new File([new Uint8Array([71, 73, 70, 56, 57, 97])], 'anim.gif', { type: 'image/gif' });
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' });
    pickFiles(f.files, [gif, new File([good], 'ok.png', { type: 'image/png' }), big]);
    await waitForToast(el, 'Invalid files', 'Some files were rejected. Please use JPEG, PNG, WebP images or MP4, MOV videos under 5MB');
    const items = () => $$(el, '.rv-files__item');
    await waitFor(() => items().length === 1, 'only the valid file kept');
    assert(text(items()[0]).includes('ok.png'), 'kept the PNG');
    pickFiles(
      f.files,
      [1, 2, 3, 4, 5].map((i) => new File([good], `more-${i}.png`, { type: 'image/png' })),
    );
    await waitFor(() => items().length === 5, 'at most 5 kept');
    assert(text($(el, '.rv-files')).includes('1 file was left out'), 'overflow note');
    assert(f.files.disabled, 'picker disabled at 5');
    const remove = items()[1].querySelector('button');
    equal(remove.getAttribute('aria-label'), 'Remove more-1.png', 'remove button named');
    remove.click();
    await waitFor(() => items().length === 4, 'removed');
    assert(!f.files.disabled, 'picker usable again');
    await expectAccessible(el, 'form with files');
  });

  it('submits with an image: stored unapproved, not listed until approved, then listed with its image', async () => {
    const el = await openForm();
    const f = inputs(el);
    const title = `Crown care ${Date.now()}`;
    f.stars[3].click();
    await type(f.title, title);
    await type(f.content, 'Soft, light and they held their shape.');
    const image = new File([await png('#8c3b2e', 200, 150)], 'my photo.png', { type: 'image/png' });
    pickFiles(f.files, [image]);
    await waitFor(() => $$(el, '.rv-files__item').length === 1, 'thumbnail');
    const events = listen('kyb-review-submitted');
    const t0 = performance.now();
    const release = hold((url) => url.includes('/storage/v1/object/review-media/'));
    try {
      f.submit.click();
      await waitFor(() => text(f.submit) === 'Submitting...' && f.submit.disabled, 'busy label, disabled').catch((e) => {
        throw new Error(
          `${e.message}; state: ${JSON.stringify({ sub: text(f.submit), dis: f.submit.disabled, conn: f.submit.isConnected, toasts: toasts(el), title: f.title.value, content: f.content.value, stars: f.stars.map((x) => x.checked), errs: $$(el, '.kyb-error').map(text), reqs: requestsTo('/', t0).map((x) => x.name) })}`,
        );
      });
      equal(button(el, 'Cancel').disabled, true, 'Cancel disabled while busy');
    } finally {
      release();
    }
    await waitForToast(el, 'Review submitted!', 'Thank you for your feedback');
    await waitFor(() => !$(el, 'form'), 'form closes');
    assert(text($(el, '[part~="pending-note"]')).includes("Your review will appear once it's approved"), 'approval note');
    events.stop();
    equal(events.events.length, 1, 'kyb-review-submitted once');
    const d = events.events[0].detail;
    equal(d.slug, SUBMIT, 'event slug');
    equal(d.files, 1, 'event files');

    const [row, ...more] = await reviewRows(title);
    equal(more.length, 0, 'one row');
    added.push(row.id);
    equal(row.id, d.reviewId, 'client-generated id stored');
    equal(row.is_approved, false, 'stored unapproved');
    equal(row.rating, 4, 'rating');
    equal(row.reviewer_name, 'Nia Rivers', 'name');
    equal(row.product_slug, SUBMIT, 'slug');
    equal(row.review_media.length, 1, 'one media row');
    const m = row.review_media[0];
    equal(m.file_path, `${userId}/${row.id}/0.png`, 'path {user}/{review}/{index}.{ext}');
    equal(m.file_type, 'image/png', 'type');
    equal(m.file_size, image.size, 'size');
    const obj = await fetch(publicUrl(m.file_path));
    equal(obj.status, 200, 'file public');
    equal(obj.headers.get('content-type'), 'image/png', 'stored as PNG');
    await waitFor(() => feedRequests(t0).length >= 1, 'list reloaded');
    await waitFor(() => $(el, '.rv')?.dataset.state === 'ready', 'reloaded');
    assert(!titles(el).includes(title), 'not listed before approval');

    await svc(`reviews?id=eq.${row.id}`, { method: 'PATCH', body: { is_approved: true } });
    el.parentElement.remove();
    const again = await mount(`<kyb-reviews slug="${SUBMIT}"></kyb-reviews>`);
    await loaded(again);
    const card = await waitFor(() => cards(again).find((c) => text(c.querySelector('h3')) === title), 'listed after approval');
    const img = card.querySelector('.rv-thumb img');
    equal(img.src, publicUrl(m.file_path), 'its image');
    await waitFor(() => img.complete && img.naturalWidth === 200, 'image loads');
    card.querySelector('.rv-thumb').click();
    await waitFor(() => $(again, 'dialog[open] img')?.src === img.src, 'opens in the lightbox');
    $(again, 'dialog button[aria-label="Close"]').click();
  });

  it('retries a failed upload as the same review: no duplicate, no orphan file', async () => {
    const el = await openForm();
    const f = inputs(el);
    const title = `Retry ${Date.now()}`;
    f.stars[4].click();
    await type(f.title, title);
    await type(f.content, 'Second upload failed the first time.');
    const a = new File([await png('#7a4b2a')], 'a.png', { type: 'image/png' });
    const b = new File([await png('#5b6b2f')], 'b.png', { type: 'image/png' });
    pickFiles(f.files, [a, b]);
    await waitFor(() => $$(el, '.rv-files__item').length === 2, 'two files');
    // The second upload (index 1) drops: the first one is in the bucket by then.
    const restore = fail((url, method) => method === 'POST' && url.includes('/storage/v1/object/review-media/') && url.endsWith('/1.png'), { times: 1 });
    const logged = [];
    const realError = console.error;
    console.error = (...x) => logged.push(x);
    try {
      f.submit.click();
      const t = await waitForToast(el, 'Submission failed', 'Please try again later');
      equal(t.variant, 'destructive', 'destructive');
    } finally {
      console.error = realError;
      restore();
    }
    assert(
      logged.some((x) => String(x[0]).includes('submission failed')),
      'error logged with console.error',
    );
    assert($(el, 'form'), 'form stays open');
    equal(inputs(el).title.value, title, 'nothing typed is lost');
    equal($$(el, '.rv-files__item').length, 2, 'files kept');
    const [row] = await reviewRows(title);
    added.push(row.id);
    equal(row.review_media.length, 0, 'no media row yet');
    const orphan = await fetch(publicUrl(`${userId}/${row.id}/0.png`));
    assert(!orphan.ok, `the file uploaded before the failure was removed (${orphan.status})`);
    assert(inputs(el).title.readOnly, 'stored text locked (a retry cannot change it)');

    inputs(el).submit.click();
    await waitForToast(el, 'Review submitted!', 'Thank you for your feedback');
    const rows = await reviewRows(title);
    equal(rows.length, 1, 'still one review');
    equal(rows[0].id, row.id, 'same id');
    equal(
      rows[0].review_media
        .map((x) => x.file_path)
        .sort()
        .join(','),
      `${userId}/${row.id}/0.png,${userId}/${row.id}/1.png`,
      'both files',
    );
    for (const x of rows[0].review_media) equal((await fetch(publicUrl(x.file_path))).status, 200, `${x.file_path} stored`);
  });

  it('lets a signed-in user open the form from the empty state', async () => {
    const el = await mount(`<kyb-reviews slug="${EMPTY}"></kyb-reviews>`);
    await loaded(el);
    button(el, 'Write the First Review').click();
    await waitFor(() => $(el, 'form'), 'form opens');
    equal($(el, '[part~="empty"]'), null, 'empty state makes room for the form');
  });
});
