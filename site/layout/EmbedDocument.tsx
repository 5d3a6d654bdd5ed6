/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * An /embed/<element> page (issue #22; docs/embedding.md, site/README.md#embed-pages): one public element
 * alone, for an iframe on another site or a plain link. Minimal: no header, footer or site stylesheet,
 * a transparent background, and two scripts:
 *
 * - /widgets/kyb-embed-frame.js (widgets/embed/frame.ts), a classic script in <head>, so it runs before
 *   the body is drawn: the look from the query string, the element's attributes from it, and the content
 *   height sent to the parent frame;
 * - the widget loader, as on every page.
 *
 * `<base target="_blank">`: a link inside a frame (the privacy policy, "Write a review") opens a new tab
 * instead of replacing the embed. Its own stylesheet (styles/embed.css) also gives the page a background
 * and a small brand line when it is opened on its own (the link form), where there is no host page.
 * _headers lets any site frame these pages, and only these (site/prerender.ts).
 */
import type { Embed } from '../../ui/embeds.ts';
import { BUSINESS } from '../../shared/business.ts';
import { Fallback } from '../components/ui.tsx';
import type { SiteEnv } from './env.ts';

export const EMBED_FRAME_SCRIPT = '/widgets/kyb-embed-frame.js';

/** The embed's page path. */
export const embedPath = (e: Embed) => `/embed/${e.path}`;

export function EmbedDocument({ embed, env }: { embed: Embed; env: SiteEnv }) {
  const Tag = embed.tag as 'kyb-reviews';
  const attrs = Object.fromEntries([...embed.attrs.map((a) => [a.name, a.default] as const).filter(([, v]) => v), ...Object.entries(embed.fixed ?? {})]);
  const query = embed.attrs.map((a) => a.name).join(' ');
  return (
    <html lang="en-US">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${embed.frameTitle} | ${BUSINESS.name}`}</title>
        <meta name="robots" content="noindex, nofollow" />
        <meta name="kyb-supabase-url" content={env.supabaseUrl} />
        <meta name="kyb-supabase-anon-key" content={env.supabaseAnonKey} />
        <meta name="kyb-site-url" content={env.siteUrl} />
        <base target="_blank" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="stylesheet" href={env.embedStylesheet} />
        <script src={EMBED_FRAME_SCRIPT}></script>
        <script type="module" src={env.widgetScript}></script>
      </head>
      <body class={`embed embed--${embed.path}`}>
        <p class="embed__brand">
          <a href={`${env.siteUrl}/`}>{BUSINESS.legalName}</a>
        </p>
        <main id="main" class="embed__main">
          {embed.intro ? (
            <div class="embed__intro">
              <h1>{embed.intro.heading}</h1>
              <p>{embed.intro.text}</p>
            </div>
          ) : null}
          <Tag {...attrs} data-query={query || undefined}>
            {embed.inner ? (
              <div class="embed__inner">
                <h1>{embed.inner.heading}</h1>
                <p>{embed.inner.text}</p>
              </div>
            ) : (
              <Fallback>
                <p>
                  This needs JavaScript. Visit <a href={`${env.siteUrl}/`}>{BUSINESS.legalName}</a> instead.
                </p>
              </Fallback>
            )}
          </Tag>
        </main>
      </body>
    </html>
  );
}
