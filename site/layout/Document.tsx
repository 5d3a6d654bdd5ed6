/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * The whole HTML document of one page: head metadata (title, description, canonical, Open Graph,
 * Twitter, the backend meta tags the widgets read), the stylesheet, the one widget loader script, the
 * Organization structured data, and the shared layout around the page's content.
 *
 * No inline script or style anywhere, so the strict Content-Security-Policy in _headers holds.
 */
import type { ComponentChildren } from 'preact';
import { BUSINESS } from '../../shared/business.ts';
import { JsonLd } from '../components/ui.tsx';
import { organizationLd } from '../content/structured-data.ts';
import type { Route } from '../routes.ts';
import { SiteEnvContext, type SiteEnv } from './env.ts';
import { DmButton, Footer } from './Footer.tsx';
import { Header } from './Header.tsx';

export const absoluteUrl = (path: string) => new URL(path, BUSINESS.siteUrl).toString();

export function pageTitle(route: Route): string {
  return route.path === '/' ? route.title : `${route.title} | ${BUSINESS.name}`;
}

export function Document({ route, path, env, children }: { route: Route; path: string; env: SiteEnv; children?: ComponentChildren }) {
  const title = pageTitle(route);
  const canonical = absoluteUrl(route.path);
  const image = absoluteUrl(route.image ?? '/images/og-default.png');
  const backend = new URL(env.supabaseUrl).origin;
  return (
    <html lang="en-US">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <meta name="description" content={route.description} />
        <link rel="canonical" href={canonical} />
        {route.noindex && <meta name="robots" content="noindex, nofollow" />}
        <meta property="og:type" content={route.ogType ?? 'website'} />
        <meta property="og:site_name" content={BUSINESS.legalName} />
        <meta property="og:locale" content="en_US" />
        <meta property="og:title" content={title} />
        <meta property="og:description" content={route.description} />
        <meta property="og:url" content={canonical} />
        <meta property="og:image" content={image} />
        <meta property="og:image:alt" content={`${BUSINESS.legalName}: the KYB crown logo beside hanging locs`} />
        <meta name="twitter:card" content="summary_large_image" />
        <meta name="twitter:title" content={title} />
        <meta name="twitter:description" content={route.description} />
        <meta name="twitter:image" content={image} />
        <meta name="theme-color" content="#5c3a21" />
        <meta name="kyb-supabase-url" content={env.supabaseUrl} />
        <meta name="kyb-supabase-anon-key" content={env.supabaseAnonKey} />
        <meta name="kyb-site-url" content={env.siteUrl} />
        {route.preconnect && (
          <>
            {/* Two: the list is a CORS fetch and the images are plain <img> requests, and the browser keeps
                those connections apart. */}
            <link rel="preconnect" href={backend} crossorigin="anonymous" />
            <link rel="preconnect" href={backend} />
          </>
        )}
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="stylesheet" href={env.stylesheet} />
        <script type="module" src={env.widgetScript}></script>
        <JsonLd data={organizationLd()} />
      </head>
      <body data-path={path} class={route.layout === 'bare' ? 'layout-bare' : undefined}>
        <SiteEnvContext.Provider value={env}>
          <a class="skip-link" href="#main">
            Skip to main content
          </a>
          {/* A bare page (/links) is the whole experience on a phone: no site header, footer or DM button. */}
          {route.layout === 'bare' ? null : <Header current={route.path} />}
          <main id="main" tabindex={-1}>
            {children}
          </main>
          {route.layout === 'bare' ? null : <Footer />}
          {/* The admin pages are the business's own tools: no "message us" button over their controls. */}
          {route.path.startsWith('/admin/') || route.layout === 'bare' ? null : <DmButton />}
        </SiteEnvContext.Provider>
      </body>
    </html>
  );
}
