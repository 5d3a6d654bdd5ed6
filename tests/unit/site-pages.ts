/**
 * What the prerendered-site unit tests share (tests/unit/site-*.test.ts): the site rendered once per
 * test file in memory (usePages), and readers for its HTML: visible text, attributes, JSON-LD.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, expect } from 'vitest';
import { BUSINESS } from '../../shared/business.ts';
import { renderAll, siteEnv } from '../../site/prerender.ts';
import { GUIDES, guideHref } from '../../site/content/downloads.ts';

/** A file the built site serves: copied from site/public, or a PDF the build makes (site/pdf.ts). */
export const servedFile = (href: string) => existsSync(join(ROOT, 'site/public', href)) || GUIDES.some((g) => guideHref(g) === href);

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const env = siteEnv({}, '/assets/site-test.css');
export const abs = (p: string) => new URL(p, BUSINESS.siteUrl).toString();

export type Page = ReturnType<typeof renderAll>[number];
export let pages: Page[];
export const page = (path: string) => {
  const p = pages.find((x) => x.path === path);
  if (!p) throw new Error(`no page rendered at ${path}`);
  return p.html;
};

export const decode = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'");
/** Visible text of the body (scripts and tags removed, entities decoded, whitespace collapsed). */
export const text = (html: string) =>
  decode(
    html
      .slice(html.indexOf('<body'))
      .replace(/<script[\s\S]*?<\/script>/g, ' ')
      .replace(/<[^>]+>/g, ' '),
  )
    .replace(/\s+/g, ' ')
    .trim();
export const all = (re: RegExp, s: string) => [...s.matchAll(re)];
/** An attribute's value; a bare attribute (preact writes alt="" as `alt`) reads as "". */
export const attr = (tag: string, name: string) => {
  const m = new RegExp(`\\s${name}(?:="([^"]*)")?(?=[\\s/>]|$)`).exec(tag);
  return m ? decode(m[1] ?? '') : null;
};
export const jsonLd = (html: string) => all(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g, html).map((m) => JSON.parse(m[1]));

/** Renders every page before the calling file's tests (page() reads them). */
export function usePages() {
  beforeAll(() => {
    const t0 = performance.now();
    pages = renderAll(env);
    // The whole site renders in well under a second (about 40 pages in 0.1 s when measured).
    expect(performance.now() - t0).toBeLessThan(3000);
  });
}
