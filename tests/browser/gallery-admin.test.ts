/**
 * kyb-gallery-admin against the real local stack: the seeded admin uploads, reorders, toggles, edits alt
 * text and deletes; the 10-item limit; a signed-in non-admin is refused by the element and by RLS;
 * a visitor is asked to sign in. Toast words are docs/errors.md's.
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
  requestsTo,
  sendKeys,
  text,
  toasts,
  type,
  waitFor,
  waitForToast,
  type Mounted,
  expectAdminSignIn,
  whileUnreachable,
} from './support/helpers.ts';
import { setViewport } from '@web/test-runner-commands';
import { ADMIN, clearGallery, fixtureImageUrl, galleryRest, pick, pngFile, seedItems, signIn, signOut, tokenFor, webmFile } from './support/fixtures.ts';

const rows = (el) => $$(el, '[part~="item"]');
const panel = (el) =>
  waitFor(
    () => text($(el, '[part~="heading"]')) === 'Gallery Administration' && $(el, '[part~="count"]') && !text(el.shadowRoot).includes('Loading gallery'),
    'admin panel loaded',
    15_000,
  );
const fileInput = (el) => $(el, 'input[type="file"]');
const rowField = (row, label) => {
  const l = [...row.querySelectorAll('label')].find((x) => text(x) === label);
  assert(l, `no "${label}" in the row`);
  return l.htmlFor ? row.getRootNode().getElementById(l.htmlFor) : l.querySelector('input');
};

describe('kyb-gallery-admin', () => {
  let adminToken: string;
  let bar: Mounted;

  before(async () => {
    adminToken = await tokenFor(ADMIN);
  });
  beforeEach(async () => {
    await clearGallery(adminToken);
  });
  afterEach(async () => {
    if (bar) await signOut(bar).catch(() => {});
    bar = null;
    cleanup();
    await clearGallery(adminToken);
  });

  it('a visitor is told once to sign in, with a Sign in button', async () => {
    const el = await mount('<kyb-gallery-admin></kyb-gallery-admin>');
    await expectAdminSignIn(el);
    equal(fileInput(el), null, 'no upload control');
    await expectAccessible(el, 'gallery admin, signed out');
  });

  it('a signed-in non-admin sees Admin Access Required and RLS refuses their writes', async () => {
    const u = await createUser();
    bar = await signIn(u);
    const el = await mount('<kyb-gallery-admin></kyb-gallery-admin>');
    await waitFor(() => text(el.shadowRoot).includes('Admin Access Required'), 'access message');
    equal(fileInput(el), null, 'no upload control');
    equal(toasts(el).length, 0, 'no sign-in toast for a signed-in user');
    await expectAccessible(el, 'gallery admin, not an admin');

    const token = await tokenFor(u);
    const imageUrl = await fixtureImageUrl(adminToken);
    const ins = await galleryRest(token, { method: 'POST', query: '', body: { image_url: imageUrl, display_order: 0, file_type: 'image' } });
    assert(ins.status === 401 || ins.status === 403, `insert refused (${JSON.stringify(ins)})`);
    const [seeded] = await seedItems(adminToken, [{ image_url: imageUrl, alt_text: 'kept', display_order: 0, is_active: true, file_type: 'image' }]);
    const upd = await galleryRest(token, { method: 'PATCH', query: `id=eq.${seeded.id}&select=id`, body: { is_active: false }, prefer: 'return=representation' });
    assert(upd.status >= 400 || (Array.isArray(upd.body) && upd.body.length === 0), `update refused (${JSON.stringify(upd)})`);
    const del = await galleryRest(token, { method: 'DELETE', query: `id=eq.${seeded.id}&select=id`, prefer: 'return=representation' });
    assert(del.status >= 400 || (Array.isArray(del.body) && del.body.length === 0), `delete refused (${JSON.stringify(del)})`);
    const { body: after } = await galleryRest(adminToken);
    equal(after.length, 1, 'row still there');
    equal(after[0].is_active, true, 'row unchanged');
    const form = new FormData();
    form.append('', await pngFile('x.png'), 'x.png');
    const up = await fetch(`${backendUrl()}/storage/v1/object/planner-gallery/${Date.now()}.png`, {
      method: 'POST',
      headers: { apikey: anonKey(), authorization: `Bearer ${token}` },
      body: form,
    });
    assert(!up.ok, `storage upload refused (${up.status})`);
  });

  it('the admin uploads an image and a video, reorders, toggles, edits alt text and deletes with confirmation', async () => {
    bar = await signIn(ADMIN);
    const changes = listen('kyb-gallery-change');
    const el = await mount('<kyb-gallery-admin></kyb-gallery-admin>');
    await panel(el);
    equal(text($(el, '[part~="count"]')), '0 of 10 items', 'empty gallery');
    const input = fileInput(el);
    equal(input.accept, 'image/*,video/*', 'accepts images and videos');
    await expectAccessible(el, 'gallery admin, empty');

    // Upload an image.
    pick(input, await pngFile('Spread.PNG'));
    await waitFor(() => fileInput(el).disabled, 'input disabled while uploading').catch(() => {});
    const t = await waitForToast(el, 'Success');
    equal(t.description.toLowerCase(), 'image uploaded successfully', 'image toast (docs/errors.md)');
    await waitFor(() => rows(el).length === 1, 'one row');
    let { body: db } = await galleryRest(adminToken);
    equal(db.length, 1, 'one row stored');
    const image = db[0];
    equal(`${image.alt_text}|${image.display_order}|${image.is_active}|${image.file_type}`, '|0|true|image', 'inserted values');
    assert(/\/storage\/v1\/object\/public\/planner-gallery\/\d{13}\.PNG$/.test(image.image_url), `named <timestamp>.<original extension> (${image.image_url})`);
    const served = await fetch(image.image_url, { cache: 'no-store' });
    equal(served.status, 200, 'public URL serves the file');
    equal(served.headers.get('content-type'), 'image/png', 'with its type');
    assert(rows(el)[0].querySelector('img')?.src === image.image_url, 'image preview');

    // Upload a video.
    pick(fileInput(el), await webmFile('clip.webm'));
    await waitFor(() => toasts(el).some((x) => x.description.toLowerCase() === 'video uploaded successfully'), 'video toast');
    await waitFor(() => rows(el).length === 2, 'two rows');
    ({ body: db } = await galleryRest(adminToken));
    const video = db.find((r) => r.file_type === 'video');
    assert(video, 'video row');
    equal(video.display_order, 1, 'display_order = the count before the upload');
    assert(rows(el)[1].querySelector('video'), 'video preview');
    equal(text($(el, '[part~="count"]')), '2 of 10 items', 'count');

    // Reorder: the image goes after the video; the list is refetched in display_order.
    const order = rowField(rows(el)[0], 'Order');
    equal(order.min, '0', 'order min 0');
    await type(order, '-1');
    order.blur();
    await waitFor(() => text(rows(el)[0].querySelector('.kyb-error')).includes('0 or more'), 'inline order error');
    equal(order.getAttribute('aria-invalid'), 'true', 'marked invalid');
    ({ body: db } = await galleryRest(adminToken));
    equal(db.find((r) => r.id === image.id).display_order, 0, 'nothing sent for -1');
    await type(order, '5');
    order.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    await waitFor(() => rows(el)[0].dataset.id === video.id, 'list reordered: video first');
    ({ body: db } = await galleryRest(adminToken));
    equal(db.find((r) => r.id === image.id).display_order, 5, 'order stored');
    equal(rowField(rows(el)[1], 'Order').value, '5', 'order shown');

    // Toggle active.
    const imageRow = () => rows(el).find((r) => r.dataset.id === image.id);
    rowField(imageRow(), 'Active').click();
    await waitFor(() => imageRow().dataset.active === 'false', 'row shows inactive');
    ({ body: db } = await galleryRest(adminToken));
    equal(db.find((r) => r.id === image.id).is_active, false, 'is_active stored');
    assert(text(imageRow()).includes('Hidden'), 'hidden badge');

    // Alt text: the field follows every keystroke, the write follows shortly after (debounced).
    const t0 = performance.now();
    const alt = rowField(imageRow(), 'Alt text');
    alt.focus();
    const words = 'Crown spread';
    for (let i = 0; i < words.length; i++) {
      await sendKeys({ type: words[i] });
      equal(rowField(imageRow(), 'Alt text').value, words.slice(0, i + 1), 'field updated on the keystroke');
    }
    await waitFor(async () => (await galleryRest(adminToken)).body.find((r) => r.id === image.id).alt_text === words, 'alt text stored');
    await waitFor(() => imageRow().querySelector('img').alt === words, 'refetched row carries the alt text');
    const writes = requestsTo(`/rest/v1/planner_gallery?id=eq.${image.id}`, t0).length;
    assert(writes >= 1 && writes < words.length, `alt text written, debounced (${writes} writes for ${words.length} keystrokes)`);
    await waitFor(() => imageRow().querySelector('img').alt === 'Crown spread', 'refetched row carries the alt text');

    // Delete: Cancel keeps it, Delete removes the row and its stored file.
    imageRow().querySelector('[part~="delete"]').click();
    const dialog = await waitFor(() => $(el, 'dialog[open]'), 'confirmation dialog');
    await expectAccessible(el, 'gallery admin, delete dialog');
    button(el, 'Cancel', dialog).click();
    await waitFor(() => !$(el, 'dialog[open]'), 'dialog closed');
    equal(rows(el).length, 2, 'still two rows after Cancel');
    imageRow().querySelector('[part~="delete"]').click();
    const dialog2 = await waitFor(() => $(el, 'dialog[open]'), 'dialog again');
    button(el, 'Delete', dialog2).click();
    await waitForToast(el, 'Success', 'Item deleted successfully');
    await waitFor(() => rows(el).length === 1, 'one row left');
    ({ body: db } = await galleryRest(adminToken));
    equal(db.length, 1, 'row deleted');
    const gone = await fetch(image.image_url, { cache: 'no-store' });
    assert(!gone.ok, `stored file removed (${gone.status})`);

    changes.stop();
    const kinds = changes.events.map((e) => e.detail.action);
    assert(kinds.filter((k) => k === 'upload').length === 2 && kinds.includes('update') && kinds.includes('delete'), `kyb-gallery-change events (${kinds})`);
    await expectAccessible(el, 'gallery admin, with items');
  });

  it('10 items disable the upload; an upload racing another tab gets Upload limit reached', async () => {
    const imageUrl = await fixtureImageUrl(adminToken);
    await seedItems(
      adminToken,
      Array.from({ length: 9 }, (_, i) => ({ image_url: imageUrl, alt_text: `Item ${i}`, display_order: i, is_active: true, file_type: 'image' })),
    );
    bar = await signIn(ADMIN);
    const el = await mount('<kyb-gallery-admin></kyb-gallery-admin>');
    await panel(el);
    equal(rows(el).length, 9, 'nine rows');
    equal(fileInput(el).disabled, false, 'upload enabled at 9');
    // Another tab fills the tenth slot.
    await seedItems(adminToken, [{ image_url: imageUrl, alt_text: 'other tab', display_order: 9, is_active: true, file_type: 'image' }]);
    pick(fileInput(el), await pngFile('late.png'));
    await waitForToast(el, 'Upload limit reached', 'You can only have up to 10 files in the gallery.');
    await waitFor(() => rows(el).length === 10 && fileInput(el).disabled, 'list refreshed, input disabled');
    const { body: db } = await galleryRest(adminToken);
    equal(db.length, 10, 'nothing uploaded past the limit');
    assert(text($(el, '[part~="count"]')).startsWith('10 of 10 items'), 'count says full');
    await expectAccessible(el, 'gallery admin, full');
  });

  it('edits of a row another tab deleted fail with the spec toasts, and the list catches up', async () => {
    const imageUrl = await fixtureImageUrl(adminToken);
    const [a, b, c] = await seedItems(adminToken, [
      { image_url: imageUrl, alt_text: 'a', display_order: 0, is_active: true, file_type: 'image' },
      { image_url: imageUrl, alt_text: 'b', display_order: 1, is_active: true, file_type: 'image' },
      { image_url: imageUrl, alt_text: 'c', display_order: 2, is_active: true, file_type: 'image' },
    ]);
    bar = await signIn(ADMIN);
    const el = await mount('<kyb-gallery-admin></kyb-gallery-admin>');
    await panel(el);
    const row = (id) => rows(el).find((r) => r.dataset.id === id);
    // Another tab deletes each row just before this one edits it.
    const goneElsewhere = (id) => galleryRest(adminToken, { method: 'DELETE', query: `id=eq.${id}` });
    await goneElsewhere(a.id);
    rowField(row(a.id), 'Active').click();
    await waitForToast(el, 'Update failed', 'Failed to update item status');
    await waitFor(() => !row(a.id), 'refetch drops the deleted row');
    await goneElsewhere(b.id);
    const order = rowField(row(b.id), 'Order');
    await type(order, '7');
    order.blur();
    await waitForToast(el, 'Update failed', 'Failed to update item order');
    await waitFor(() => !row(b.id), 'refetch drops it');
    await goneElsewhere(c.id);
    // Under load the keys can arrive slower than the debounce, so a write (and the refetch that drops the
    // row) may start mid-typing: hold the field itself rather than looking the row up again.
    const alt = rowField(row(c.id), 'Alt text');
    await type(alt, 'new words');
    alt.blur();
    await waitForToast(el, 'Update failed', 'Failed to update alt text');
    equal(toasts(el).find((t) => t.title === 'Update failed').variant, 'destructive', 'failure toasts are destructive');
    await waitFor(() => rows(el).length === 0, 'refetched list is empty');
  });

  it('gives the alt text a usable width at every width: a row of its own where the card is narrow (issue #8)', async () => {
    const alt = 'Crown Planner cover, printed and spiral bound';
    await seedItems(adminToken, [{ image_url: await fixtureImageUrl(adminToken), alt_text: alt, display_order: 0, is_active: true, file_type: 'image' }]);
    bar = await signIn(ADMIN);
    const el = await mount('<kyb-gallery-admin></kyb-gallery-admin>');
    await panel(el);
    try {
      for (const width of [320, 390, 768, 1280]) {
        await setViewport({ width, height: 800 });
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        const row = rows(el)[0];
        const input = rowField(row, 'Alt text');
        const box = input.getBoundingClientRect();
        // At 768 px it was 13 characters wide beside order, visibility and Delete.
        assert(box.width >= 240, `@${width}: the alt text field is ${Math.round(box.width)} px wide`);
        if (width >= 768) assert(input.scrollWidth <= input.clientWidth + 1, `@${width}: "${alt}" shows whole (${input.scrollWidth} > ${input.clientWidth})`);
        const del = row.querySelector('[part~="delete"]').getBoundingClientRect();
        assert(del.right <= row.getBoundingClientRect().right + 0.5 && del.height >= 44, `@${width}: Delete inside its card`);
        assert(document.documentElement.scrollWidth <= innerWidth, `@${width}: no sideways scrolling`);
      }
    } finally {
      await setViewport({ width: 1024, height: 800 });
    }
  });

  it('a file the bucket refuses gives Upload failed; an unreachable backend gives the fetch error', async () => {
    bar = await signIn(ADMIN);
    const el = await mount('<kyb-gallery-admin></kyb-gallery-admin>');
    await panel(el);
    pick(fileInput(el), new File(['just text'], 'notes.txt', { type: 'text/plain' }));
    await waitForToast(el, 'Upload failed', 'Failed to upload file');
    await waitFor(() => !fileInput(el).disabled, 'input enabled again');
    const { body: db } = await galleryRest(adminToken);
    equal(db.length, 0, 'no row for a refused file');
    cleanup();

    await whileUnreachable(async () => {
      const offline = await mount('<kyb-gallery-admin></kyb-gallery-admin>');
      await waitForToast(offline, 'Error', 'Failed to fetch gallery items');
      assert(text($(offline, '[part~="heading"]')) === 'Gallery Administration', 'panel still shown');
    });
  });
});
