/**
 * The look of an embed (issue #22; docs/embedding.md#look): light or dark, an accent, text and background
 * colour, corner radius and font, as the documented `--kyb-*` properties (widgets/README.md#theming).
 * One definition for every form: /admin/embed writes a look into the iframe's query string and into the
 * script tag's `style` attribute, and the /embed page (frame.ts) reads it back from its query string.
 *
 * No imports: frame.ts runs this before the page's body is parsed, as a classic script of its own.
 *
 * Query parameters (all optional; anything invalid is ignored, so a mangled link still shows the embed):
 *   theme=dark | accent=<6 hex digits> | text=<hex> | background=<hex> | radius=<0-24> | font=sans|serif
 * Colours are written without `#`, so a link needs no escaping.
 */

export type Scheme = 'light' | 'dark';
export type FontId = 'site' | 'sans' | 'serif';

export interface Look {
  scheme: Scheme;
  /** `#rrggbb`, or undefined for the scheme's own. */
  accent?: string;
  text?: string;
  background?: string;
  /** Corner radius in px, 0-24; undefined for the default (12 px). */
  radius?: number;
  font: FontId;
}

export const DEFAULT_LOOK: Look = { scheme: 'light', font: 'site' };
export const RADIUS_MAX = 24;

/** The element defaults (widgets/core/tokens.css): what a light look leaves alone. */
export const LIGHT_COLORS = { accent: '#7a4b2a', text: '#2b2118', background: '#ffffff' } as const;

/** Dark: every colour token, so nothing of the light palette shows on a dark page. */
const DARK_VARS: Record<string, string> = {
  '--kyb-color-bg': '#2a221c',
  '--kyb-color-surface': '#1f1915',
  '--kyb-color-text': '#f4ece2',
  '--kyb-color-muted': '#c9b8a6',
  '--kyb-color-primary': '#e3ad7f',
  '--kyb-color-primary-text': '#1f1915',
  '--kyb-color-accent': '#d9b44a',
  '--kyb-color-border': '#4a3d33',
  '--kyb-color-danger': '#ff8f80',
  '--kyb-color-success': '#7fd19c',
  '--kyb-color-star': '#e8bd45',
  '--kyb-focus-ring': '0 0 0 3px rgba(227, 173, 127, 0.5)',
};
export const DARK_COLORS = { accent: DARK_VARS['--kyb-color-primary'], text: DARK_VARS['--kyb-color-text'], background: DARK_VARS['--kyb-color-surface'] } as const;

/** Font stacks: system fonts only (an embed loads no font files). `site` is the KYB site's pairing. */
export const FONTS: Record<FontId, { label: string; body?: string; heading?: string }> = {
  site: { label: 'Site default' },
  sans: { label: 'Sans-serif', body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif" },
  serif: { label: 'Serif', body: "'Iowan Old Style', 'Palatino Linotype', Palatino, Georgia, 'Times New Roman', serif" },
};

const HEX = /^#?([0-9a-f]{6})$/i;

/** `#rrggbb` in lower case, or undefined for anything else. */
export function hexColor(v: string | null | undefined): string | undefined {
  const m = HEX.exec((v ?? '').trim());
  return m ? `#${m[1].toLowerCase()}` : undefined;
}

/** Relative luminance (WCAG 2.x) of `#rrggbb`. */
function luminance(hex: string): number {
  const c = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((x) => (x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4));
  return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
}

/** WCAG contrast ratio of two `#rrggbb` colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

/** The label colour for buttons in `accent`: white or near-black, whichever reads better. */
export function textOn(accent: string): string {
  return contrast(accent, '#ffffff') >= contrast(accent, '#1f1915') ? '#ffffff' : '#1f1915';
}

/** The colours a look ends up with (its own, else its scheme's). */
export function colorsOf(look: Look): { accent: string; text: string; background: string } {
  const base = look.scheme === 'dark' ? DARK_COLORS : LIGHT_COLORS;
  return { accent: look.accent ?? base.accent, text: look.text ?? base.text, background: look.background ?? base.background };
}

/**
 * The `--kyb-*` values that make the look: nothing for the default look, the dark palette for dark,
 * then each choice. A chosen text or background colour also sets the muted text, borders and subtle
 * backgrounds mixed from the two, so the palette stays coherent.
 */
export function lookVars(look: Look): Record<string, string> {
  const vars: Record<string, string> = look.scheme === 'dark' ? { ...DARK_VARS } : {};
  if (look.accent) {
    vars['--kyb-color-primary'] = look.accent;
    vars['--kyb-color-primary-text'] = textOn(look.accent);
  }
  if (look.text || look.background) {
    const { text, background } = colorsOf(look);
    vars['--kyb-color-text'] = text;
    vars['--kyb-color-surface'] = background;
    vars['--kyb-color-muted'] = `color-mix(in srgb, ${text} 72%, ${background})`;
    vars['--kyb-color-border'] = `color-mix(in srgb, ${text} 20%, ${background})`;
    vars['--kyb-color-bg'] = `color-mix(in srgb, ${text} 5%, ${background})`;
  }
  if (look.radius !== undefined) vars['--kyb-radius'] = `${look.radius}px`;
  const font = FONTS[look.font];
  if (font.body) {
    vars['--kyb-font-family'] = font.body;
    vars['--kyb-heading-font-family'] = font.body;
  }
  return vars;
}

/** The look a query string asks for; invalid values fall back to the default. */
export function lookFromQuery(q: URLSearchParams): Look {
  const radius = Number(q.get('radius'));
  const font = q.get('font');
  return {
    scheme: q.get('theme') === 'dark' ? 'dark' : 'light',
    accent: hexColor(q.get('accent')),
    text: hexColor(q.get('text')),
    background: hexColor(q.get('background')),
    radius: q.get('radius') !== null && Number.isInteger(radius) && radius >= 0 && radius <= RADIUS_MAX ? radius : undefined,
    font: font === 'sans' || font === 'serif' ? font : 'site',
  };
}

/** The query parameters of a look, defaults left out (so the default look adds nothing to a link). */
export function lookToQuery(look: Look): [string, string][] {
  const out: [string, string][] = [];
  if (look.scheme === 'dark') out.push(['theme', 'dark']);
  for (const k of ['accent', 'text', 'background'] as const) if (look[k]) out.push([k, (look[k] as string).slice(1)]);
  if (look.radius !== undefined) out.push(['radius', String(look.radius)]);
  if (look.font !== 'site') out.push(['font', look.font]);
  return out;
}

/** The look as one `style` attribute value (`--kyb-color-primary:#1f4d3a;…`), '' for the default look. */
export function lookStyle(look: Look): string {
  return Object.entries(lookVars(look))
    .map(([k, v]) => `${k}:${v}`)
    .join(';');
}
