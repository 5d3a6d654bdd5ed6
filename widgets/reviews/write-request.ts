/**
 * The review form asked for in the page's address: `?review=write` (with `#reviews`), the link the
 * review-requests job e-mails a customer a week after delivery (docs/reviews.md#review-form). kyb-reviews
 * opens its form on it (Reviews.tsx: the test is a line there, so its first view stays small), after
 * sign-in when signed out; once the form is open, the request leaves the address (ReviewForm.tsx calls
 * this), so a reload or a shared link does not open the form again.
 */
export function dropReviewFormRequest() {
  const url = new URL(location.href);
  if (url.searchParams.get('review') !== 'write') return;
  url.searchParams.delete('review');
  history.replaceState(history.state, '', url);
}
