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
  toasts,
  type,
  uniqueEmail,
  waitFor,
  waitForToast,
  watchText,
  whileUnreachable,
} from './support/helpers.ts';

const CARD = '<kyb-newsletter><h2>Join the Circle</h2></kyb-newsletter>';

async function fill(el, { name, email, consent }: { name?: string; email?: string; consent?: boolean }) {
  if (name !== undefined) await type(field(el, 'Name'), name);
  if (email !== undefined) await type(field(el, 'Email'), email);
  if (consent) $(el, 'input[type="checkbox"]').click();
}

describe('kyb-newsletter', () => {
  afterEach(cleanup);

  it('subscribes, confirms with the server message, emits kyb-subscribed and resets the form', async () => {
    const el = await mount(CARD);
    await expectAccessible(el, 'newsletter form');
    const submit = button(el, 'Join the Circle');
    equal(submit.getAttribute('aria-disabled'), 'true', 'submit is disabled until consent');
    const privacy = button(el, 'Privacy Policy');
    equal(new URL(privacy.href).pathname, '/privacy', 'consent links to /privacy');
    const email = uniqueEmail('news');
    await fill(el, { name: 'Ada Lovelace', email, consent: true });
    equal(submit.getAttribute('aria-disabled'), null, 'submit enabled once consent is given');
    const events = listen('kyb-subscribed');
    const labels = watchText(el, () => text($(el, 'button[type="submit"]')));
    submit.click();
    const t = await waitForToast(el, 'Welcome to the Circle!');
    labels.stop();
    assert(labels.seen.has('Joining...'), `busy label shown (${[...labels.seen]})`);
    assert(t.description.length > 0, 'success toast carries the server message');
    await waitFor(() => $(el, '[part~="success"]'), 'success card');
    assert(text($(el, '[part~="success"]')).includes('Welcome to the Circle'), 'success card text');
    // The embed's own heading gives way to the welcome: not "Join the Circle" above "Welcome to the Circle" (issue #29).
    equal(el.querySelector('h2')?.checkVisibility(), false, 'the "Join the Circle" heading is hidden after success');
    events.stop();
    equal(events.events.length, 1, 'one kyb-subscribed');
    const d = events.events[0].detail;
    equal(d.email, email, 'event email');
    equal(d.waitingList, false, 'event waitingList');
    equal(d.message, t.description, 'event message = toast message');
    await expectAccessible(el, 'newsletter success');
    button(el, 'Subscribe Another Email').click();
    await waitFor(() => $(el, 'form'), 'form again');
    equal(el.querySelector('h2')?.checkVisibility(), true, 'and shown again with the form');
    equal(field(el, 'Name').value, '', 'name reset');
    equal(field(el, 'Email').value, '', 'email reset');
    equal($(el, 'input[type="checkbox"]').checked, false, 'consent reset');
  });

  it('shows the inline messages of the shared schema and sends nothing', async () => {
    const el = await mount(CARD);
    const t0 = performance.now();
    $(el, 'input[type="checkbox"]').click();
    button(el, 'Join the Circle').click();
    await waitFor(() => $(el, '.kyb-error'), 'inline errors');
    const errors = () => [...el.shadowRoot.querySelectorAll('.kyb-error')].map(text);
    assert(errors().includes('Name is required'), `Name is required (${errors()})`);
    assert(errors().includes('Email is required'), `Email is required (${errors()})`);
    equal(field(el, 'Name').getAttribute('aria-invalid'), 'true', 'name marked invalid');
    assert(field(el, 'Name').getAttribute('aria-describedby'), 'error wired with aria-describedby');
    await waitFor(() => el.shadowRoot.activeElement === field(el, 'Name'), 'focus on the first invalid field');
    await expectAccessible(el, 'newsletter with errors');
    await fill(el, { name: 'A', email: 'not-an-email' });
    button(el, 'Join the Circle').click();
    await waitFor(() => errors().includes('Name must be at least 2 characters'), 'name min message');
    assert(errors().includes('Please enter a valid email address'), `email pattern message (${errors()})`);
    equal(requestsTo('/functions/v1/', t0).length, 0, 'no request sent');
  });

  it('asks for consent with a toast and an inline message', async () => {
    const el = await mount(CARD);
    const t0 = performance.now();
    await fill(el, { name: 'Ada', email: uniqueEmail() });
    button(el, 'Join the Circle').click();
    await waitForToast(el, 'Consent Required', 'Please agree to receive our newsletter to continue');
    const inline = [...el.shadowRoot.querySelectorAll('.kyb-error')].map(text);
    assert(inline.includes('Please agree to receive our newsletter'), `inline consent message (${inline})`);
    equal(requestsTo('/functions/v1/', t0).length, 0, 'nothing sent without consent');
    equal(field(el, 'Name').value, 'Ada', 'typed values kept');
  });

  it('shows the function error field as Subscription Failed and keeps what was typed', async () => {
    // The function's own error answer: its per-address rate limit (5 an hour) answers 429 {error}.
    const el = await mount(CARD);
    const email = uniqueEmail('limit');
    let failure: ReturnType<typeof toasts>[number] | 'ok' | undefined;
    for (let i = 0; i < 7 && !failure; i++) {
      await fill(el, { name: 'Ada Lovelace', email, consent: true });
      button(el, 'Join the Circle').click();
      failure = await waitFor(() => toasts(el).find((t) => t.title === 'Subscription Failed') ?? ($(el, '[part~="success"]') ? 'ok' : null), 'an answer');
      if (failure === 'ok') {
        failure = undefined;
        button(el, 'Subscribe Another Email').click();
        await waitFor(() => $(el, 'form'), 'form again');
      }
    }
    assert(failure && failure !== 'ok', 'the function eventually answers with an error field');
    assert(failure.description.length > 0, 'the server text is shown');
    equal(failure.variant, 'destructive', 'failure toast is destructive');
    equal(field(el, 'Name').value, 'Ada Lovelace', 'name kept');
    equal(field(el, 'Email').value, email, 'email kept');
    equal($(el, 'input[type="checkbox"]').checked, true, 'consent kept');
  });

  it('reports a network failure as Something went wrong and keeps what was typed', async () => {
    await whileUnreachable(async () => {
      const el = await mount(CARD);
      await fill(el, { name: 'Grace Hopper', email: 'grace@example.com', consent: true });
      button(el, 'Join the Circle').click();
      const t = await waitForToast(el, 'Something went wrong', 'Please try again later or contact support');
      equal(t.variant, 'destructive', 'destructive');
      equal(field(el, 'Name').value, 'Grace Hopper', 'name kept');
      equal(field(el, 'Email').value, 'grace@example.com', 'email kept');
      equal(button(el, 'Join the Circle').getAttribute('aria-disabled'), null, 'form usable again');
    });
  });
});
