/**
 * kyb-review-moderation against the real local stack: a customer submits a review (with one file)
 * straight through the REST and Storage APIs as themselves, the seeded admin approves it (it reaches the
 * public review_feed), finds no Verified Purchase toggle (the mark is the database's, from the orders;
 * the admin's PATCH of it is ignored), unapproves it and deletes it with its file; "Load more"; a
 * visitor is asked to sign in; a signed-in non-admin is refused by the element and by RLS. The brand's
 * reply: review-replies.test.ts.
 */
import {
  $,
  $$,
  anonKey,
  assert,
  backendUrl,
  button,
  cleanup,
  createUser,
  equal,
  expectAccessible,
  listen,
  mount,
  text,
  toasts,
  waitFor,
  type Mounted,
  type TestUser,
  expectAdminSignIn,
} from './support/helpers.ts';
import { setViewport } from '@web/test-runner-commands';
import { ADMIN, pngFile, signIn, signOut, tokenFor } from './support/fixtures.ts';
import { hold } from './support/reviews.ts';
import { PAGED_SLUG, SLUG, choose, feedIds, panel, productSelect, publicUrl, rest, rowOf, tab } from './support/moderation.ts';
describe('kyb-review-moderation', () => {
  let customer: TestUser;
  let customerToken: string;
  let adminToken: string;
  let review: { id: string; title: string; content: string; created_at: string; is_approved: boolean } | null;
  let filePath: string;
  let bar: Mounted;
  const extra = [];

  before(async () => {
    for (const k of Object.keys(localStorage)) if (k.startsWith('sb-')) localStorage.removeItem(k);
    adminToken = await tokenFor(ADMIN);
    customer = await createUser({ fullName: 'Ada Moderated' });
    customerToken = customer.session.access_token;
    const userId = customer.session.user.id;
    // The customer's own submission, as the review form makes it: row, file, media row.
    const id = crypto.randomUUID();
    const title = `Moderate me ${id.slice(0, 8)}`;
    const ins = await rest(customerToken, 'reviews', {
      method: 'POST',
      body: { id, product_slug: SLUG, rating: 4, title, content: 'Light, soft and true to colour.', reviewer_name: 'Ada M.' },
      prefer: 'return=representation',
    });
    equal(ins.status, 201, `customer inserts a review (${JSON.stringify(ins.body)})`);
    review = ins.body[0];
    equal(review.is_approved, false, 'stored pending');
    filePath = `${userId}/${id}/0.png`;
    const file = await pngFile('0.png', '#3f5e4a');
    const up = await fetch(`${backendUrl()}/storage/v1/object/review-media/${filePath}`, {
      method: 'POST',
      headers: { apikey: anonKey(), authorization: `Bearer ${customerToken}`, 'content-type': 'image/png' },
      body: file,
    });
    assert(up.ok, `customer uploads a file (${up.status} ${await up.text()})`);
    const media = await rest(customerToken, 'review_media', { method: 'POST', body: { review_id: id, file_path: filePath, file_type: 'image/png', file_size: file.size } });
    equal(media.status, 201, `media row (${JSON.stringify(media.body)})`);
    equal((await fetch(publicUrl(filePath), { cache: 'no-store' })).status, 200, 'file served publicly');
  });

  afterEach(async () => {
    if (bar) await signOut(bar).catch(() => {});
    bar = null;
    cleanup();
  });

  after(async () => {
    const ids = [review?.id, ...extra].filter(Boolean);
    if (ids.length) await rest(adminToken, `reviews?id=in.(${ids.join(',')})`, { method: 'DELETE' });
  });

  it('a visitor is told once to sign in, with a Sign in button', async () => {
    const el = await mount('<kyb-review-moderation></kyb-review-moderation>');
    await expectAdminSignIn(el);
    equal($(el, '[part~="list"]'), null, 'no reviews listed');
    await expectAccessible(el, 'review moderation, signed out');
  });

  it('a signed-in non-admin sees Admin Access Required and RLS refuses their moderation', async () => {
    bar = await signIn(customer);
    const el = await mount('<kyb-review-moderation></kyb-review-moderation>');
    await waitFor(() => text(el.shadowRoot).includes('Admin Access Required'), 'access message');
    equal($(el, '[part~="list"]'), null, 'no reviews listed');
    equal(toasts(el).length, 0, 'no sign-in toast for a signed-in user');
    await expectAccessible(el, 'review moderation, not an admin');

    // The author tries to approve, verify and rewrite their own review through the API.
    const upd = await rest(customerToken, `reviews?id=eq.${review.id}&select=id`, {
      method: 'PATCH',
      body: { is_approved: true, is_verified_purchase: true },
      prefer: 'return=representation',
    });
    assert(upd.status >= 400 || (Array.isArray(upd.body) && upd.body.length === 0), `approval refused (${JSON.stringify(upd)})`);
    const edit = await rest(customerToken, `reviews?id=eq.${review.id}&select=id`, { method: 'PATCH', body: { title: 'Changed' }, prefer: 'return=representation' });
    assert(edit.status >= 400 || (Array.isArray(edit.body) && edit.body.length === 0), `edit refused (${JSON.stringify(edit)})`);
    const { body: rows } = await rest(adminToken, `reviews?id=eq.${review.id}&select=*`);
    equal(rows.length, 1, 'still there');
    equal(`${rows[0].is_approved}|${rows[0].is_verified_purchase}|${rows[0].title}`, `false|false|${review.title}`, 'unchanged');
    assert(!(await feedIds(SLUG)).includes(review.id), 'not in the public feed');
  });

  it('the admin approves, unapproves and deletes a review with its file, and cannot verify it', async () => {
    bar = await signIn(ADMIN);
    const events = listen('kyb-review-moderated');
    const el = await mount('<kyb-review-moderation></kyb-review-moderation>');
    await panel(el);

    // Pending is the default tab and lists the new review with everything a moderator needs to judge it.
    equal(tab(el, 'pending').getAttribute('aria-pressed'), 'true', 'Pending selected');
    await waitFor(() => /^Pending \(\d+\)$/.test(text(tab(el, 'pending'))), 'pending count');
    const pendingBefore = Number(text(tab(el, 'pending')).match(/\((\d+)\)/)[1]);
    const approvedBefore = Number(text(tab(el, 'approved')).match(/\((\d+)\)/)[1]);
    equal(Number(text(tab(el, 'all')).match(/\((\d+)\)/)[1]), pendingBefore + approvedBefore, 'All = Pending + Approved');
    const row = await waitFor(() => rowOf(el, review.id), 'the new review in Pending');
    const t = text(row);
    for (const s of [review.title, review.content, 'Ada M.', 'Irie Locs', 'Pending']) assert(t.includes(s), `row shows "${s}" (${t})`);
    const day = new Date(review.created_at).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
    assert(t.includes(day), `US long date ${day}`);
    equal(row.querySelector('[role="img"]')?.getAttribute('aria-label'), 'Rated 4 out of 5', 'stars');
    // Drawn to scale: four of five stars gold, each gold star as large as the grey one under it.
    const base = row.querySelector('.rv-stars__base');
    const fill = row.querySelector('.rv-stars__fill');
    equal(Math.round((fill.getBoundingClientRect().width / base.getBoundingClientRect().width) * 100), 80, 'the fill covers 80% of the stars');
    equal(fill.querySelector('svg').getBoundingClientRect().width, base.querySelector('svg').getBoundingClientRect().width, 'gold stars keep their size');
    equal(row.querySelector('[part~="verified"]'), null, 'not verified yet');
    const img = row.querySelector('[part~="media"] img');
    equal(img?.src, publicUrl(filePath), 'the file, from the public bucket');
    await waitFor(() => img.complete && img.naturalWidth > 0, 'image loads');
    const approve = row.querySelector('[part~="approve"]');
    equal(text(approve), `Approve review “${review.title}”`, 'labelled with the title');
    assert(approve.getBoundingClientRect().height >= 44, '44 px target');
    await expectAccessible(el, 'review moderation, pending');

    // Approve: gone from Pending, counted as approved, listed publicly.
    approve.click();
    await waitFor(() => text($(el, '[part~="done"]')) === '✓ Review approved', 'Review approved, in the panel (issue #29: not a toast)');
    equal(toasts(el).length, 0, 'no toast');
    await waitFor(() => !rowOf(el, review.id), 'left Pending');
    await waitFor(() => text(tab(el, 'pending')) === `Pending (${pendingBefore - 1})`, 'pending count down');
    equal(text(tab(el, 'approved')), `Approved (${approvedBefore + 1})`, 'approved count up');
    // Focus moves once the refetched list has rendered (an effect after that render).
    await waitFor(() => el.shadowRoot.activeElement && el.shadowRoot.activeElement !== document.body, 'focus kept inside the panel');
    assert((await feedIds(SLUG)).includes(review.id), 'review_feed lists it');

    // Approved tab, filtered to the product: no Verified Purchase toggle, and the API keeps the mark the
    // orders give (none: the author bought nothing), whatever the admin sends.
    tab(el, 'approved').click();
    choose(productSelect(el), SLUG);
    let r = await waitFor(() => rowOf(el, review.id), 'listed under Approved');
    assert(
      $$(el, 'li[data-id]').every((li) => li.querySelector('[data-slug]').dataset.slug === SLUG),
      'product filter',
    );
    equal(r.querySelector('[part~="verify"]'), null, 'no Verified Purchase toggle');
    assert(!text(r.querySelector('[part~="actions"]')).includes('Verified'), 'no verify action');
    const forced = await rest(adminToken, `reviews?id=eq.${review.id}&select=is_verified_purchase`, {
      method: 'PATCH',
      body: { is_verified_purchase: true },
      prefer: 'return=representation',
    });
    equal(JSON.stringify(forced.body), '[{"is_verified_purchase":false}]', 'the admin PATCH keeps the computed mark');
    let { body: db } = await rest(adminToken, `reviews?id=eq.${review.id}&select=is_verified_purchase,is_approved`);
    equal(`${db[0].is_verified_purchase}|${db[0].is_approved}`, 'false|true', 'stored unverified, still approved');
    await expectAccessible(el, 'review moderation, approved');

    // Unapprove: back to pending, off the public feed.
    r = rowOf(el, review.id);
    equal(text(r.querySelector('[part~="unapprove"]')), `Unapprove review “${review.title}”`, 'unapprove label');
    r.querySelector('[part~="unapprove"]').click();
    await waitFor(() => text($(el, '[part~="done"]')) === '✓ Review unapproved', 'Review unapproved, in the panel');
    await waitFor(() => !rowOf(el, review.id), 'left Approved');
    ({ body: db } = await rest(adminToken, `reviews?id=eq.${review.id}&select=is_approved`));
    equal(db[0].is_approved, false, 'stored pending');
    assert(!(await feedIds(SLUG)).includes(review.id), 'off the public feed');

    // Delete from All: Cancel keeps everything; Delete removes the row, its media rows and its file.
    tab(el, 'all').click();
    await waitFor(() => rowOf(el, review.id), 'listed under All');
    rowOf(el, review.id).querySelector('[part~="delete"]').click();
    const dialog = await waitFor(() => $(el, 'dialog[open]'), 'confirmation dialog');
    assert(text(dialog).includes(review.title), 'dialog names the review');
    equal(el.shadowRoot.activeElement, button(el, 'Cancel', dialog), 'Cancel focused first');
    await expectAccessible(el, 'review moderation, delete dialog');
    button(el, 'Cancel', dialog).click();
    await waitFor(() => !$(el, 'dialog[open]'), 'dialog closed');
    ({ body: db } = await rest(adminToken, `reviews?id=eq.${review.id}&select=id`));
    equal(db.length, 1, 'still stored after Cancel');
    assert(rowOf(el, review.id), 'still listed after Cancel');
    equal((await fetch(publicUrl(filePath), { cache: 'no-store' })).status, 200, 'file kept after Cancel');

    rowOf(el, review.id).querySelector('[part~="delete"]').click();
    const dialog2 = await waitFor(() => $(el, 'dialog[open]'), 'dialog again');
    button(el, 'Delete', dialog2).click();
    await waitFor(() => text($(el, '[part~="done"]')) === '✓ Review deleted', 'Review deleted, in the panel');
    await waitFor(() => !rowOf(el, review.id), 'row gone from the list');
    ({ body: db } = await rest(adminToken, `reviews?id=eq.${review.id}&select=id`));
    equal(db.length, 0, 'review row deleted');
    const { body: media } = await rest(adminToken, `review_media?review_id=eq.${review.id}&select=id`);
    equal(media.length, 0, 'media rows gone with it');
    const gone = await fetch(publicUrl(filePath), { cache: 'no-store' });
    assert(!gone.ok, `stored file removed (${gone.status})`);
    assert(el.shadowRoot.activeElement, 'focus moved into the panel after the delete');

    events.stop();
    equal(events.events.map((e) => `${e.detail.reviewId === review.id}:${e.detail.action}`).join(' '), 'true:approve true:unapprove true:delete', 'kyb-review-moderated events');
    assert(
      events.events.every((e) => e.bubbles && e.composed),
      'bubbling, composed events',
    );
    review = null;
  });

  it('lists 20 reviews at a time with Load more', async () => {
    const rows = Array.from({ length: 21 }, (_, i) => ({
      id: crypto.randomUUID(),
      product_slug: PAGED_SLUG,
      rating: 1 + (i % 5),
      title: `Paged review ${i + 1}`,
      content: `Text ${i + 1}`,
      reviewer_name: 'Pager',
    }));
    const ins = await rest(customerToken, 'reviews', { method: 'POST', body: rows });
    equal(ins.status, 201, `customer inserts 21 reviews (${JSON.stringify(ins.body)})`);
    extra.push(...rows.map((x) => x.id));
    bar = await signIn(ADMIN);
    const el = await mount('<kyb-review-moderation></kyb-review-moderation>');
    await panel(el);
    choose(productSelect(el), PAGED_SLUG);
    const ours = () => $$(el, 'li[data-id]').filter((li) => extra.includes(li.dataset.id)).length;
    // The unfiltered list may start with the same 20 rows: wait for the filtered answer (its total).
    const listed = () => Number(text($(el, '[part~="status"]')).match(/^Showing 20 of (\d+) /)?.[1] ?? NaN);
    const count = () => Number(text(tab(el, 'pending')).match(/\((\d+)\)/)?.[1] ?? NaN);
    const total = (await rest(adminToken, `reviews?product_slug=eq.${PAGED_SLUG}&is_approved=eq.false&select=id`)).body.length;
    await waitFor(() => listed() === total && count() === total && $(el, '[part~="load-more"]'), 'first page of 20 of the product, with Load more');
    assert(total >= 21, `pending count for ${PAGED_SLUG} (${total})`);
    assert(
      $$(el, 'li[data-id]').every((li) => li.querySelector('[data-slug]').dataset.slug === PAGED_SLUG),
      'only that product',
    );
    const more = $(el, '[part~="load-more"]');
    equal(text(more), 'Load more', 'button label');
    more.click();
    await waitFor(() => $$(el, 'li[data-id]').length === Math.min(total, 40), 'second page appended');
    equal(ours(), 21, 'all 21 listed once');
    equal(new Set($$(el, 'li[data-id]').map((li) => li.dataset.id)).size, $$(el, 'li[data-id]').length, 'no duplicates');
    if (total <= 40) equal($(el, '[part~="load-more"]'), null, 'no Load more at the end');
    assert(text($(el, '[part~="status"]')).startsWith(`Showing ${Math.min(total, 40)} of ${total}`), 'status line');
    await expectAccessible(el, 'review moderation, paged');
  });

  it('names products as the catalogue does, and keeps the product filter in its place through loading (issue #8)', async () => {
    bar = await signIn(ADMIN);
    try {
      for (const width of [420, 640, 768, 1280]) {
        await setViewport({ width, height: 800 });
        const release = hold((url) => url.includes('/rest/v1/reviews?'));
        let el: Mounted;
        try {
          el = await mount('<kyb-review-moderation></kyb-review-moderation>');
          await waitFor(() => text($(el, '[part~="status"]')) === 'Loading reviews…', 'loading');
        } finally {
          release();
        }
        const loading = $(el, '[part~="product"]').getBoundingClientRect();
        await panel(el);
        await waitFor(() => /\(\d+\)/.test(text(tab(el, 'pending'))), 'counts in the tabs');
        const loaded = $(el, '[part~="product"]').getBoundingClientRect();
        // It moved from beside the tabs to under them once the counts widened the tabs (640 px), or down
        // when they made the tabs wrap (420 px).
        assert(
          Math.abs(loaded.left - loading.left) < 1 && Math.abs(loaded.top - loading.top) < 1,
          `@${width}: the product filter stays put (${Math.round(loading.left)},${Math.round(loading.top)} → ${Math.round(loaded.left)},${Math.round(loaded.top)})`,
        );
        // The product by its name, as the shop shows it; the slug is the filter's value only.
        const NAMES = {
          'irie-locs': 'Irie Locs',
          'trinity-locs': 'Trinity Locs',
          'jah-locs': 'Jah Locs',
          'diy-kit': 'DIY Trinity Loc Kit',
          'lock-kit': 'Custom DIY Loc Kit',
          'handmade-locs': 'Handmade Faux Locs',
          'holistic-haircare': 'Holistic Haircare Haven',
          'protective-style-planner': 'Crown Planner',
        };
        const shown = $$(el, 'li[data-id] [data-slug]').map((p) => [p.dataset.slug, text(p)]);
        assert(shown.length > 0, 'reviews listed');
        for (const [slug, name] of shown) equal(name, NAMES[slug], `${slug} is shown as its name`);
        const options = [...productSelect(el).options].map((o) => `${o.value}=${text(o)}`);
        for (const o of ['irie-locs=Irie Locs', 'handmade-locs=Handmade Faux Locs', 'protective-style-planner=Crown Planner', '=All products']) {
          assert(options.includes(o), `option ${o} (${options.join(', ')})`);
        }
        el.parentElement.remove();
      }
    } finally {
      await setViewport({ width: 1024, height: 800 });
    }
  });
});
