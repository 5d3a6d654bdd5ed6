/**
 * Links to the brand's site from an element, wherever the element is embedded.
 *
 * API
 * - `siteOrigin(doc?)`: the site's origin, by the same precedence as `getConfig` (./config.ts), even when no
 *   backend is configured (links must render regardless).
 * - `siteUrl(path, doc?)`: an absolute URL on that origin (redirects in auth mails, the My Account link):
 *   on a third-party page (link-in-bio) links must still lead to the brand's site.
 *
 * Apart from config.ts because config.ts is in the runtime chunk every element loads, and the reviews
 * list's first view links nowhere (issue #13): this module ships with the elements that link.
 */
import { first, originOf } from './config.ts';

/** The site's origin even when no backend is configured. */
export function siteOrigin(doc: Document = document): string {
  const meta = doc.querySelector<HTMLMetaElement>('meta[name="kyb-site-url"]')?.content;
  const s = doc.querySelector<HTMLScriptElement>('script[src*="kyb-widgets"]')?.dataset.siteUrl;
  const site = first(meta, s, import.meta.env?.VITE_SITE_URL);
  return (site && originOf(site)) || (doc.defaultView?.location.origin ?? '');
}

/** Absolute URL of `path` on the site (`siteUrl('/account')`). */
export function siteUrl(path: string, doc: Document = document): string {
  return new URL(path, `${siteOrigin(doc)}/`).toString();
}
