/**
 * kyb-review-moderation's brand reply against the real local stack (issue #10): a customer's review is
 * approved through the REST API, then the admin writes, edits and removes the brand's public reply in
 * the element, and a reply over the limit is refused with a message before anything is sent.
 */
import { $, assert, cleanup, createUser, equal, expectAccessible, frame, listen, mount, requestsTo, text, type, waitFor, type Mounted } from './support/helpers.ts';
import { ADMIN, signIn, signOut, tokenFor } from './support/fixtures.ts';
import { SLUG, choose, feedReply, panel, paste, productSelect, rest, rowOf, tab } from './support/moderation.ts';

describe('kyb-review-moderation: the brand reply', () => {
  let customerToken: string;
  let adminToken: string;
  let bar: Mounted;
  const extra = [];

  before(async () => {
    for (const k of Object.keys(localStorage)) if (k.startsWith('sb-')) localStorage.removeItem(k);
    adminToken = await tokenFor(ADMIN);
    customerToken = (await createUser({ fullName: 'Bea Replied' })).session.access_token;
  });

  afterEach(async () => {
    if (bar) await signOut(bar).catch(() => {});
    bar = null;
    cleanup();
  });

  after(async () => {
    if (extra.length) await rest(adminToken, `reviews?id=in.(${extra.join(',')})`, { method: 'DELETE' });
  });
  it("the admin writes, edits and removes the brand's public reply; too long is refused before sending", async () => {
    const id = crypto.randomUUID();
    const title = `Reply to me ${id.slice(0, 8)}`;
    const ins = await rest(customerToken, 'reviews', { method: 'POST', body: { id, product_slug: SLUG, rating: 5, title, content: 'Gorgeous colour.', reviewer_name: 'Bea R.' } });
    equal(ins.status, 201, `customer inserts a review (${JSON.stringify(ins.body)})`);
    extra.push(id);
    equal((await rest(adminToken, `reviews?id=eq.${id}`, { method: 'PATCH', body: { is_approved: true } })).status, 204, 'approved');

    bar = await signIn(ADMIN);
    const events = listen('kyb-review-moderated');
    const el = await mount('<kyb-review-moderation></kyb-review-moderation>');
    await panel(el);
    tab(el, 'approved').click();
    choose(productSelect(el), SLUG);
    const row = () => rowOf(el, id);
    await waitFor(row, 'the approved review listed');
    equal(row().querySelector('.rv-reply'), null, 'no reply yet');
    const opener = () => row().querySelector('[part~="reply-button"]');
    equal(text(opener()), `Reply to review “${title}”`, 'Reply button, named with the review');
    equal(row().querySelector('[part~="reply-remove"]'), null, 'nothing to remove');

    // Write: the editor opens with the field focused; Save publishes it.
    opener().click();
    const area = await waitFor(() => row().querySelector('[part~="reply-editor"] textarea'), 'reply editor');
    equal(el.shadowRoot.activeElement, area, 'field focused');
    equal(text(el.shadowRoot.querySelector(`label[for="${area.id}"]`)), `Public reply to “${title}”`, 'labelled');
    await type(area, 'Thank you, Bea!');
    equal(text(row().querySelector('.rm__reply-count')), '15 / 1000', 'character count');
    await expectAccessible(el, 'review moderation, reply editor');
    row().querySelector('[part~="reply-save"]').click();
    await waitFor(() => text($(el, '[part~="done"]')) === '✓ Reply published', 'Reply published, in the panel');
    await waitFor(() => row().querySelector('.rv-reply') && !row().querySelector('[part~="reply-editor"]'), 'reply shown, editor closed');
    const today = new Date().toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
    const shown = row().querySelector('.rv-reply');
    equal(text(shown.querySelector('.rv-reply__head')), `Response from KYB ${today}`, 'labelled as the brand, dated');
    equal(text(shown.querySelector('.rv-reply__content')), 'Thank you, Bea!', 'shown as visitors see it');
    await waitFor(() => el.shadowRoot.activeElement === opener(), 'focus back on the reply button');
    equal(text(opener()), `Edit reply to review “${title}”`, 'now Edit reply');
    equal((await feedReply(SLUG, id))?.content, 'Thank you, Bea!', 'review_feed carries it');

    // Too long: the message, the count flagged, nothing sent, the stored reply kept.
    opener().click();
    const area2 = await waitFor(() => row().querySelector('[part~="reply-editor"] textarea'), 'editor again');
    equal(area2.value, 'Thank you, Bea!', 'editor starts from the stored reply');
    paste(area2, 'x'.repeat(1001));
    const error = await waitFor(() => row().querySelector('.rm__reply-error'), 'length message');
    equal(text(error), 'Must be at most 1000 characters', 'the shared limit message');
    equal(area2.getAttribute('aria-invalid'), 'true', 'field marked invalid');
    assert(area2.getAttribute('aria-describedby').split(' ').includes(error.id), 'message tied to the field');
    equal(row().querySelector('.rm__reply-count').dataset.over, 'true', 'count flagged');
    const since = performance.now();
    row().querySelector('[part~="reply-save"]').click();
    // The editor decides on the press (ReplyEditor save): a save it starts shows the row busy ("Saving…")
    // until it is answered, and an answered one is listed; two frames after the press, neither.
    await frame();
    equal(text(row().querySelector('[part~="reply-save"]')), 'Save reply', 'not busy: no save on its way');
    equal(requestsTo('/rest/v1/review_replies', since).length, 0, 'nothing sent');
    equal(area2.value.length, 1001, 'the text is kept');
    equal((await feedReply(SLUG, id))?.content, 'Thank you, Bea!', 'stored reply unchanged');
    await expectAccessible(el, 'review moderation, reply too long');

    // Edit within the limit.
    await type(area2, 'Thank you, Bea! Enjoy them.');
    await waitFor(() => !row().querySelector('.rm__reply-error'), 'message gone');
    row().querySelector('[part~="reply-save"]').click();
    await waitFor(() => text(row().querySelector('.rv-reply')).endsWith('Thank you, Bea! Enjoy them.'), 'edited reply shown');
    equal((await feedReply(SLUG, id))?.content, 'Thank you, Bea! Enjoy them.', 'edit stored');

    // Saving it empty removes it; so does Remove reply.
    opener().click();
    await type(await waitFor(() => row().querySelector('[part~="reply-editor"] textarea'), 'editor'), '');
    row().querySelector('[part~="reply-save"]').click();
    await waitFor(() => text($(el, '[part~="done"]')) === '✓ Reply removed', 'Reply removed, in the panel');
    await waitFor(() => !row().querySelector('.rv-reply') && text(opener()).startsWith('Reply to'), 'reply gone');
    equal(await feedReply(SLUG, id), null, 'removed from the feed');
    opener().click();
    await type(await waitFor(() => row().querySelector('[part~="reply-editor"] textarea'), 'editor'), 'Back in stock soon.');
    row().querySelector('[part~="reply-save"]').click();
    const remove = await waitFor(() => row().querySelector('[part~="reply-remove"]'), 'Remove reply');
    equal(text(remove), `Remove reply to review “${title}”`, 'Remove reply, named');
    remove.click();
    await waitFor(() => !row().querySelector('.rv-reply'), 'removed');
    equal(await feedReply(SLUG, id), null, 'gone from the feed');

    events.stop();
    equal(
      events.events
        .filter((e) => e.detail.reviewId === id)
        .map((e) => e.detail.action)
        .join(' '),
      'reply reply unreply reply unreply',
      'kyb-review-moderated events',
    );
  });
});
