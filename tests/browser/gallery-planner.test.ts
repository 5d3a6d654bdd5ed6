/**
 * kyb-planner-gallery: the public carousel reads active items anonymously, in display_order; with none,
 * the fixed cover image shows; while loading, the cover with placeholder thumbnails; when the backend is
 * unreachable, the cover with a line saying so and Try again (docs/tools.md#planner-gallery, #states, #messages).
 */
import {
  $,
  $$,
  assert,
  cleanup,
  equal,
  expectAccessible,
  mount,
  requestsTo,
  sendKeys,
  text,
  waitFor,
  collectingErrors,
  whileUnreachable,
  type Mounted,
} from './support/helpers.ts';
import { ADMIN, clearGallery, fixtureImageUrl, seedItems, tokenFor } from './support/fixtures.ts';
import { hold } from './support/reviews.ts';

const TAG = '<kyb-planner-gallery fallback-src="/cover.png" fallback-alt="Crown Planner cover"></kyb-planner-gallery>';
const loaded = (el) => waitFor(() => $(el, '[part~="root"]') && $(el, '[part~="root"]').getAttribute('aria-busy') !== 'true', 'gallery loaded');
const main = (el) => $(el, '[part~="slide"]');
const thumbs = (el) => $$(el, '[part~="thumb"]');

describe('kyb-planner-gallery', () => {
  let adminToken: string;
  before(async () => {
    adminToken = await tokenFor(ADMIN);
  });
  beforeEach(() => clearGallery(adminToken));
  afterEach(async () => {
    cleanup();
    await clearGallery(adminToken);
  });

  it('shows the fixed cover image when no item is active', async () => {
    const url = await fixtureImageUrl(adminToken);
    await seedItems(adminToken, [{ image_url: url, alt_text: 'hidden one', display_order: 0, is_active: false, file_type: 'image' }]);
    const el = await mount(TAG);
    await loaded(el);
    const img = await waitFor(() => $(el, '[part~="fallback"]'), 'fallback image');
    equal(new URL(img.src).pathname, '/cover.png', 'fallback-src');
    equal(img.alt, 'Crown Planner cover', 'fallback-alt');
    equal(thumbs(el).length, 0, 'no thumbnails');
    await expectAccessible(el, 'planner gallery fallback');
  });

  it('shows active items only, in display_order, with thumbnails, buttons and arrow keys', async () => {
    const [a, b, c] = await Promise.all([fixtureImageUrl(adminToken, '#2b2118'), fixtureImageUrl(adminToken, '#c9a227'), fixtureImageUrl(adminToken, '#7a4b2a')]);
    await seedItems(adminToken, [
      { image_url: c, alt_text: 'Third by order', display_order: 7, is_active: true, file_type: 'image' },
      { image_url: a, alt_text: 'First by order', display_order: 1, is_active: true, file_type: 'image' },
      { image_url: b, alt_text: 'Inactive', display_order: 0, is_active: false, file_type: 'image' },
      { image_url: b, alt_text: 'Second by order', display_order: 3, is_active: true, file_type: 'video' },
    ]);
    const t0 = performance.now();
    const el = await mount(TAG);
    await waitFor(() => thumbs(el).length === 3, 'three active thumbnails');
    const reads = requestsTo('/rest/v1/planner_gallery', t0);
    assert(reads.length >= 1, 'read through REST');
    assert(
      reads.every((r) => r.name.includes('is_active=eq.true') && r.name.includes('order=display_order.asc')),
      `active only, display_order ascending (${reads.map((r) => r.name)})`,
    );
    equal(requestsTo('/auth/v1/', t0).length, 0, 'no auth call for a public read');
    equal(main(el).querySelector('img').alt, 'First by order', 'first slide = lowest display_order');
    equal(
      thumbs(el)
        .map((t) => t.getAttribute('aria-label'))
        .join(' | '),
      'Show slide 1: First by order | Show slide 2: Second by order | Show slide 3: Third by order',
      'thumbnail order',
    );
    const cols = getComputedStyle($(el, '[part~="thumbs"]')).gridTemplateColumns.split(' ').length;
    equal(cols, 4, 'four thumbnails per row');
    equal(thumbs(el)[0].getAttribute('aria-current'), 'true', 'current thumbnail marked');
    await expectAccessible(el, 'planner gallery carousel');

    // A thumbnail selects the slide; the video plays muted and loops.
    thumbs(el)[1].click();
    const video = await waitFor(() => main(el).querySelector('video'), 'video slide');
    assert(video.muted && video.loop && video.autoplay, 'muted looping video');
    equal(video.getAttribute('aria-label'), 'Second by order', 'video labelled by its alt text');
    equal(thumbs(el)[1].getAttribute('aria-current'), 'true', 'thumbnail 2 current');

    // Next / previous wrap around.
    $(el, '[part~="next"]').click();
    await waitFor(() => main(el).querySelector('img')?.alt === 'Third by order', 'next');
    $(el, '[part~="next"]').click();
    await waitFor(() => main(el).querySelector('img')?.alt === 'First by order', 'next wraps to the first');
    $(el, '[part~="prev"]').click();
    await waitFor(() => main(el).querySelector('img')?.alt === 'Third by order', 'previous wraps to the last');

    // Arrow keys on the carousel.
    $(el, '[part~="root"]').focus();
    await sendKeys({ press: 'ArrowLeft' });
    await waitFor(() => main(el).querySelector('video'), 'ArrowLeft to slide 2');
    await sendKeys({ press: 'ArrowRight' });
    await waitFor(() => main(el).querySelector('img')?.alt === 'Third by order', 'ArrowRight to slide 3');
    assert(text($(el, '[part~="status"]')).includes('Slide 3 of 3'), 'position announced');
  });

  it('while loading shows the cover, busy, with placeholder thumbnails and no error', async () => {
    const release = hold((url, method) => url.includes('/rest/v1/planner_gallery') && method === 'GET');
    try {
      const el = await mount(TAG);
      await waitFor(() => $(el, '[part~="placeholders"]'), 'placeholder thumbnails');
      equal($(el, '[part~="root"]').getAttribute('aria-busy'), 'true', 'marked busy');
      assert($(el, '[part~="fallback"]'), 'the cover');
      equal($(el, '[part~="error"]'), null, 'no error while loading');
    } finally {
      release();
    }
  });

  it('when the read fails shows the cover with a line saying so and Try again, which loads it (logged)', async () => {
    const url = await fixtureImageUrl(adminToken);
    await seedItems(adminToken, [
      { image_url: url, alt_text: 'One', display_order: 0, is_active: true, file_type: 'image' },
      { image_url: url, alt_text: 'Two', display_order: 1, is_active: true, file_type: 'image' },
    ]);
    let el: Mounted;
    await collectingErrors((logged) =>
      whileUnreachable(async () => {
        el = await mount(TAG);
        await waitFor(() => logged.some((a) => a.map(String).join(' ').includes('kyb-planner-gallery')), 'error logged');
        const img = await waitFor(() => $(el, '[part~="fallback"]'), 'fallback image');
        equal(img.alt, 'Crown Planner cover', 'cover shown');
        equal(el.shadowRoot.querySelectorAll('.kyb-toast').length, 0, 'no toast on the public page');
        // Not the loading look (issue #8): no busy mark, no placeholders, words and a retry instead.
        const error = await waitFor(() => $(el, '[part~="error"]'), 'the error line');
        equal(text(error.querySelector('p')), "The gallery's photos could not be loaded.", 'says so');
        equal(error.getAttribute('role'), 'status', 'announced politely');
        equal($(el, '[part~="root"]').getAttribute('aria-busy'), null, 'not busy');
        equal($(el, '[part~="placeholders"]'), null, 'no loading placeholders');
        await expectAccessible(el, 'planner gallery, read failed');
      }),
    );
    const retry = $(el, '[part~="retry"]');
    equal(text(retry), 'Try again', 'retry button');
    retry.click();
    await waitFor(() => thumbs(el).length === 2, 'Try again loads the gallery');
    equal($(el, '[part~="error"]'), null, 'error line gone');
  });
});
