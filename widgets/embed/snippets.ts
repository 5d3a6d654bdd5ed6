/**
 * The code /admin/embed hands out, in each form (issue #22; docs/embedding.md#the-three-forms): the
 * script tag with the element, the iframe (with the optional resizer line), and the plain link. Pure
 * functions of the choice, so the tests paste exactly what the business copies.
 *
 * Only public values go in: the site's address, the backend's URL and its anon key (public by design:
 * row-level security protects the data; docs/data.md#roles-and-permissions).
 */
import { type Embed, type Intro, embedAttrs } from '../../ui/embeds.ts';
import { type Look, lookStyle, lookToQuery } from './theme.ts';

export interface Choice {
  embed: Embed;
  /** Attribute values chosen in the builder (missing ones take the default). */
  attrs?: Readonly<Record<string, string>>;
  look: Look;
}

export interface Backend {
  /** The site's origin, no trailing slash: where the widgets, the /embed pages and the links live. */
  site: string;
  supabaseUrl: string;
  anonKey: string;
}

/** Attribute values escaped for HTML (`"` and `&` and the angle brackets). */
export const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** /embed/<path>?<attributes>&<look> on the site: the iframe's address and the plain link. */
export function embedUrl(site: string, c: Choice): string {
  const q = new URLSearchParams([...embedAttrs(c.embed, c.attrs), ...lookToQuery(c.look)]);
  const query = q.toString();
  return `${site}/embed/${c.embed.path}${query ? `?${query}` : ''}`;
}

const introHtml = (i: Intro) => `<h2>${escapeText(i.heading)}</h2><p>${escapeText(i.text)}</p>`;

/** The element's tag with its attributes and light-DOM content (and the intro before it), as the script form writes it. */
export function elementHtml(c: Choice, extra: [string, string][] = []): string {
  const attrs = [...embedAttrs(c.embed, c.attrs), ...Object.entries(c.embed.fixed ?? {}), ...extra];
  const open = `<${c.embed.tag}${attrs.map(([k, v]) => ` ${k}="${escapeAttr(v)}"`).join('')}>`;
  const element = `${open}${c.embed.inner ? introHtml(c.embed.inner) : ''}</${c.embed.tag}>`;
  return c.embed.intro ? `${introHtml(c.embed.intro)}\n${element}` : element;
}

/** Form 1: the loader, told where the backend and the site are, and the element. */
export function scriptSnippet(b: Backend, c: Choice): string {
  const style = lookStyle(c.look);
  return [
    `<script type="module" src="${escapeAttr(`${b.site}/widgets/kyb-widgets.js`)}" data-supabase-url="${escapeAttr(b.supabaseUrl)}" data-supabase-anon-key="${escapeAttr(b.anonKey)}" data-site-url="${escapeAttr(b.site)}"></script>`,
    elementHtml(c, style ? [['style', style]] : []),
  ].join('\n');
}

export const RESIZER_PATH = '/widgets/kyb-embed-resizer.js';

/** Form 2: the iframe at the embed's fixed height, and (optional) the resizer line after it. */
export function iframeSnippet(b: Backend, c: Choice, opts: { resizer: boolean }): string {
  const frame = `<iframe src="${escapeAttr(embedUrl(b.site, c))}" title="${escapeAttr(c.embed.frameTitle)}" height="${c.embed.height}" loading="lazy" style="display:block;width:100%;border:0"></iframe>`;
  return opts.resizer ? `${frame}\n<script src="${escapeAttr(b.site + RESIZER_PATH)}" async></script>` : frame;
}

/** Form 3: the plain link. */
export function linkSnippet(b: Backend, c: Choice): string {
  return embedUrl(b.site, c);
}
