import {
  $,
  assert,
  button,
  cleanup,
  equal,
  expectAccessible,
  field,
  listen,
  mount,
  requestsTo,
  text,
  type,
  uniqueEmail,
  waitFor,
  waitForToast,
  watchText,
  whileUnreachable,
} from './support/helpers.ts';

describe('kyb-waitlist', () => {
  afterEach(cleanup);

  it('joins the DIY kit waiting list and stays joined', async () => {
    const el = await mount('<kyb-waitlist></kyb-waitlist>');
    await expectAccessible(el, 'waitlist form');
    const email = uniqueEmail('kit');
    await type(field(el, 'Email'), email);
    const events = listen('kyb-subscribed');
    const t0 = performance.now();
    const labels = watchText(el, () => text($(el, 'button[type="submit"]')));
    button(el, 'Join the Waiting List').click();
    await waitForToast(el, "You're on the list!", "We'll notify you as soon as the DIY Trinity Loc Kit is available");
    labels.stop();
    assert(labels.seen.has('Joining...'), `busy label (${[...labels.seen]})`);
    await waitFor(() => $(el, '[part~="joined"]'), 'joined state');
    equal(text($(el, '[part~="joined"]')), "You're on the list!", 'joined text');
    equal($(el, 'form'), null, 'no way back to the form');
    events.stop();
    equal(events.events[0]?.detail.waitingList, true, 'kyb-subscribed with waitingList');
    equal(events.events[0]?.detail.email, email, 'kyb-subscribed email');
    equal(requestsTo('/functions/v1/newsletter-signup', t0).length, 1, 'one call');
    await expectAccessible(el, 'waitlist joined');
  });

  it('validates the e-mail inline without sending', async () => {
    const el = await mount('<kyb-waitlist></kyb-waitlist>');
    const t0 = performance.now();
    button(el, 'Join the Waiting List').click();
    await waitFor(() => text($(el, '.kyb-error')) === 'Email is required', 'Email is required');
    await type(field(el, 'Email'), 'nope@');
    button(el, 'Join the Waiting List').click();
    await waitFor(() => text($(el, '.kyb-error')) === 'Please enter a valid email address', 'pattern message');
    equal(field(el, 'Email').getAttribute('aria-invalid'), 'true', 'aria-invalid');
    await expectAccessible(el, 'waitlist with error');
    equal(requestsTo('/functions/v1/', t0).length, 0, 'nothing sent');
  });

  it('shows Something went wrong when the backend cannot be reached, keeping the e-mail', async () => {
    await whileUnreachable(async () => {
      const el = await mount('<kyb-waitlist></kyb-waitlist>');
      await type(field(el, 'Email'), 'kit@example.com');
      button(el, 'Join the Waiting List').click();
      const t = await waitForToast(el, 'Something went wrong', 'Please try again later or contact support');
      equal(t.variant, 'destructive', 'destructive');
      equal(field(el, 'Email').value, 'kit@example.com', 'email kept');
      assert(!button(el, 'Join the Waiting List').disabled, 'can retry');
    });
  });
});
