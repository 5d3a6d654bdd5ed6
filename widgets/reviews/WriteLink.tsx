/**
 * kyb-reviews' "Write a review" link, where it offers no form and no sign-in (`write="link"`, or no
 * browser storage: an embed in a sandboxed frame; issue #22, docs/reviews.md#embedded): the product's
 * reviews section on the site, in a new tab. Its own chunk, loaded only there, so the first view of the
 * reviews on the site's own pages does not carry it (issue #13: the reviews first view's budget).
 */
import { getConfig } from '../core/config.ts';
import { reviewPagePath } from '../../ui/reviews/model/pages.ts';

export function WriteLink({ slug }: { slug: string }) {
  let href: string;
  try {
    href = new URL(`${reviewPagePath(slug)}#reviews`, `${getConfig().siteOrigin}/`).href;
  } catch {
    return null; // No backend named on the page: nothing loads, and the console says why.
  }
  return (
    <a className="kyb-btn kyb-btn--outline" part="write-link" href={href} target="_blank" rel="noopener">
      Write a review
      <span className="kyb-sr-only"> (opens in a new tab)</span>
    </a>
  );
}
