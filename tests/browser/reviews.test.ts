/**
 * kyb-reviews in Chromium, built bundle, real local stack, as a signed-out visitor sees it: the list,
 * its summary, pages, filters, sort, media lightbox, states and theming (docs/reviews.md#reviews-section,
 * #states, docs/data.md#calls, docs/reviews.md#messages). The signed-in form: reviews-form.test.ts.
 * Fixtures: support/reviews.ts (useReviewFixtures).
 */
import {
  $,
  $$,
  assert,
  button,
  cleanup,
  equal,
  expectAccessible,
  listen,
  mount,
  requestsTo,
  sendKeys,
  text,
  toasts,
  waitFor,
  waitForToast,
  type Mounted,
} from './support/helpers.ts';
import { emulateMedia, setViewport } from '@web/test-runner-commands';
import {
  EMPTY,
  FIX,
  FIXTURES,
  LATER_CHUNK,
  added,
  cards,
  chunkNames,
  fail,
  feedRequests,
  fixtureUser,
  hold,
  insertReviews,
  isFeed,
  loaded,
  publicUrl,
  ratingsShown,
  svc,
  titles,
  useReviewFixtures,
} from './support/reviews.ts';

useReviewFixtures();

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
    // JSX writes SVG attributes in camelCase; both builds must give the DOM their real names (React and preact/compat both do).
    equal(first.querySelector('svg.rv-avatar text').getAttribute('text-anchor'), 'middle', 'textAnchor rendered as text-anchor');
    assert(!first.querySelector('svg.rv-avatar text').hasAttribute('textAnchor'), 'no camelCase attribute left on the SVG');
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
