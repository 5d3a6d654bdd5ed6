/**
 * kyb-reviews opened from a review request's link (`…/products/<slug>?review=write#reviews`, what the
 * review-requests job e-mails a week after delivery; docs/reviews.md#review-form): the form opens by
 * itself for a signed-in customer; a visitor who is not signed in is asked to sign in (the toast and
 * the page's sign-in dialog), and the form opens once they have. Either way the request then leaves the
 * address. Fixtures: support/reviews.ts.
 */
import { $, atUrl, cleanup, createUser, equal, listen, mount, waitFor, waitForToast, type TestUser } from './support/helpers.ts';
import { SUBMIT, loaded, signIn, useReviewFixtures } from './support/reviews.ts';

useReviewFixtures();

describe('kyb-reviews from a review request link', () => {
  let user: TestUser;

  before(async () => {
    user = await createUser({ fullName: 'Ama Mensah' });
  });
  afterEach(() => cleanup());

  it('asks a signed-out visitor to sign in, then opens the form by itself', async () => {
    await atUrl(`${location.pathname}?review=write&utm=mail#reviews`, async () => {
      const asked = listen('kyb-request-sign-in');
      const el = await mount(`<kyb-reviews slug="${SUBMIT}"></kyb-reviews>`);
      await loaded(el);
      await waitForToast(el, 'Authentication required', 'Please sign in to submit a review');
      await waitFor(() => asked.events.length === 1, 'the page is asked for its sign-in dialog');
      asked.stop();
      equal($(el, 'form'), null, 'no form before signing in');
      await signIn(user);
      await waitFor(() => $(el, 'form'), 'the form opens once signed in', 15_000);
      equal(location.search, '?utm=mail', 'the request leaves the address; the rest stays');
      equal(location.hash, '#reviews');
    });
  });

  it('opens the form at once for a signed-in customer (still signed in from the test before)', async () => {
    await atUrl(`${location.pathname}?review=write#reviews`, async () => {
      const el = await mount(`<kyb-reviews slug="${SUBMIT}"></kyb-reviews>`);
      await waitFor(() => $(el, 'form'), 'the form, with no click', 15_000);
      equal(location.search, '', 'the request leaves the address');
    });
  });

  it('does nothing of the kind without the request', async () => {
    const el = await mount(`<kyb-reviews slug="${SUBMIT}"></kyb-reviews>`);
    await loaded(el);
    await new Promise((r) => setTimeout(r, 500));
    equal($(el, 'form'), null, 'no form');
  });
});
