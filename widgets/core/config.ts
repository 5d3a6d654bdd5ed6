/**
 * Where the backend is and what the site's origin is, resolved per page.
 *
 * API
 * - `getConfig(doc?)` → `{ supabaseUrl, supabaseAnonKey, siteOrigin }`. Reads the page each call (cheap),
 *   so a page may change its meta tags before an element first talks to the backend. Throws
 *   `KybConfigError` with an actionable message when no backend is configured.
 * - `resolveConfig(sources)`: the pure precedence rule (unit-tested), per field:
 *   1. `<meta name="kyb-supabase-url">` / `<meta name="kyb-supabase-anon-key">` / `<meta name="kyb-site-url">`
 *   2. `data-supabase-url` / `data-supabase-anon-key` / `data-site-url` on the loader's script tag
 *      (`script[src*="kyb-widgets"]`), for pages that can only paste one tag (link-in-bio builders)
 *   3. build-time `VITE_SUPABASE_URL` / `VITE_SUPABASE_ANON_KEY` / `VITE_SITE_URL`
 *   siteOrigin falls back to `location.origin`.
 * - `siteUrl(path)`, `siteOrigin()`: in ./site.ts (outside the runtime chunk every element loads).
 *
 * The anon key is public by design (docs/data.md#roles-and-permissions: "a public anonymous-role key"); never put a service key here.
 */

export interface KybConfig {
  supabaseUrl: string;
  supabaseAnonKey: string;
  /** Origin (scheme://host[:port]) of the brand's site; no trailing slash. */
  siteOrigin: string;
}

export interface ConfigSources {
  /** Content of `<meta name=…>`, or null. */
  meta: (name: string) => string | null | undefined;
  /** The loader script's data-* attributes, or null when the tag is not found. */
  script?: { supabaseUrl?: string | null; supabaseAnonKey?: string | null; siteUrl?: string | null } | null;
  /** Build-time values (import.meta.env). */
  env?: { VITE_SUPABASE_URL?: string; VITE_SUPABASE_ANON_KEY?: string; VITE_SITE_URL?: string };
  /** The page's own origin (location.origin). */
  origin: string;
}

export class KybConfigError extends Error {
  override name = 'KybConfigError';
}

/** The first non-blank value, trimmed ('' when none). */
export const first = (...xs: Array<string | null | undefined>) => {
  for (const x of xs) if (typeof x === 'string' && x.trim()) return x.trim();
  return '';
};

export function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
}

/** Pure precedence rule: meta tag, then the loader's data attributes, then build-time env. */
export function resolveConfig(src: ConfigSources): KybConfig {
  const supabaseUrl = first(src.meta('kyb-supabase-url'), src.script?.supabaseUrl, src.env?.VITE_SUPABASE_URL).replace(/\/+$/, '');
  const supabaseAnonKey = first(src.meta('kyb-supabase-anon-key'), src.script?.supabaseAnonKey, src.env?.VITE_SUPABASE_ANON_KEY);
  const site = first(src.meta('kyb-site-url'), src.script?.siteUrl, src.env?.VITE_SITE_URL);
  const siteOrigin = (site && originOf(site)) || src.origin;
  if (!supabaseUrl || !/^https?:\/\//i.test(supabaseUrl)) {
    throw new KybConfigError(
      'KYB widgets: no backend URL. Add <meta name="kyb-supabase-url" content="https://…"> to the page ' + '(or data-supabase-url on the kyb-widgets script tag).',
    );
  }
  if (!supabaseAnonKey) {
    throw new KybConfigError(
      'KYB widgets: no anon key. Add <meta name="kyb-supabase-anon-key" content="…"> to the page ' + '(or data-supabase-anon-key on the kyb-widgets script tag).',
    );
  }
  return { supabaseUrl, supabaseAnonKey, siteOrigin };
}

/** Resolves the configuration from the current page. */
export function getConfig(doc: Document = document): KybConfig {
  const meta = (name: string) => doc.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content;
  const s = doc.querySelector<HTMLScriptElement>('script[src*="kyb-widgets"]');
  return resolveConfig({
    meta,
    script: s ? { supabaseUrl: s.dataset.supabaseUrl, supabaseAnonKey: s.dataset.supabaseAnonKey, siteUrl: s.dataset.siteUrl } : null,
    // Each name on its own: the build writes in its value (or nothing), not the whole env object. A build
    // without them (the usual one: pages carry the meta tags) passes no env at all (0.05 kB gzip less).
    ...(import.meta.env?.VITE_SUPABASE_URL || import.meta.env?.VITE_SUPABASE_ANON_KEY || import.meta.env?.VITE_SITE_URL
      ? {
          env: {
            VITE_SUPABASE_URL: import.meta.env?.VITE_SUPABASE_URL,
            VITE_SUPABASE_ANON_KEY: import.meta.env?.VITE_SUPABASE_ANON_KEY,
            VITE_SITE_URL: import.meta.env?.VITE_SITE_URL,
          },
        }
      : {}),
    origin: doc.defaultView?.location.origin ?? '',
  });
}
