/**
 * kyb-reviews' visual states (the catalogue: widgets/core/state-types.ts). Data: the seeded reviews, and the
 * seeded reply to Jasmine E.'s review of the handmade locs (supabase/seed.sql).
 */
import type { ElementStates } from '../core/state-types.ts';

const attrs = { slug: 'handmade-locs' };
const openForm = [{ waitFor: '[part~="review"]' }, { click: '[part~="write-button"]' }] as const;

export default {
  tag: 'kyb-reviews',
  states: [
    {
      // docs/reviews.md: a loading skeleton while reviews load.
      id: 'loading',
      title: 'The reviews on their way: the skeleton',
      attrs,
      hold: ['/rest/v1/rpc/review_feed'],
      ready: '[part~="skeleton"][role="status"]',
    },
    // Signed out: Sign in to write a review where a member's Write Review is (issue #23).
    {
      id: 'filled',
      title: 'Seeded reviews: summary, histogram, list; Sign in to write a review',
      attrs,
      steps: [{ waitFor: '[part~="review"]' }],
      ready: '[part~="sign-in-button"]',
    },
    {
      id: 'with-reply',
      title: 'A review with the brand’s reply (Response from KYB)',
      attrs,
      steps: [{ scrollTo: '[part~="review"]:has([part~="reply"])' }],
      ready: '[part~="reply"]',
    },
    {
      id: 'form-open',
      title: 'Signed in: the write-a-review form',
      attrs,
      session: 'member',
      steps: [...openForm],
      ready: '[part~="form"]',
    },
    {
      // docs/reviews.md: the submit button reads Submitting... and is disabled while busy.
      id: 'submitting',
      title: 'Signed in, a review sent: Submitting...',
      attrs,
      session: 'member',
      hold: ['POST /rest/v1/reviews'],
      steps: [
        ...openForm,
        { click: '[part~="form"] input[type="radio"][value="4"]' },
        { fill: '[part~="title-field"] input', value: 'Light and easy to style' },
        { fill: '[part~="name-field"] input', value: 'Amara O.' },
        { fill: '[part~="content-field"] textarea', value: 'Two weeks in and they still look fresh; washing was easier than I expected.' },
        { click: '[part~="submit-button"]' },
        { scrollTo: '[part~="submit-button"]', at: 'center' },
      ],
      ready: '[part~="form"][aria-busy="true"] [part~="submit-button"]:disabled',
    },
    {
      // Issue #23: "Rating required" must leave the text box, its error and Submit free to use.
      id: 'rating-required',
      title: 'Signed in, sent without a rating: "Rating required" keeps clear of the form',
      attrs,
      session: 'member',
      steps: [
        ...openForm,
        { fill: '[part~="title-field"] input', value: 'Light and easy to style' },
        { fill: '[part~="name-field"] input', value: 'Amara O.' },
        { scrollTo: '[part~="submit-button"]', at: 'end' },
        { click: '[part~="submit-button"]' },
        { waitFor: '[part~="toast"]' },
      ],
      ready: '[part~="toast"]',
    },
    {
      // docs/errors.md: a list that fails to load is logged and stays empty.
      id: 'unreachable',
      title: 'Backend unreachable: the list stays empty',
      attrs,
      backend: 'unreachable',
      steps: [{ waitFor: '[part~="skeleton"]', gone: true }],
      ready: '[part~="heading"]',
      expectedConsole: /.*/,
    },
  ],
} satisfies ElementStates;
