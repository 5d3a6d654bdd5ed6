/**
 * What /admin/embed hands out (widgets/embed/: theme.ts, embeds.ts, snippets.ts, message.ts): the look as
 * a query string and as `--kyb-*` values, read back as written and hardened against whatever a link
 * carries; the three forms of code, escaped, holding public values only; the height message. The code in
 * a browser: tests/e2e/embed-forms.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { EMBEDS, embedAttrs, embedByPath } from '../../ui/embeds.ts';
import { EMBED_HEIGHT_MESSAGE, embedHeight, embedReady } from '../../widgets/embed/message.ts';
import { elementHtml, embedUrl, iframeSnippet, linkSnippet, scriptSnippet, type Backend } from '../../widgets/embed/snippets.ts';
import { DARK_COLORS, DEFAULT_LOOK, LIGHT_COLORS, type Look, contrast, lookFromQuery, lookStyle, lookToQuery, lookVars, textOn } from '../../widgets/embed/theme.ts';

const B: Backend = { site: 'https://kybhaircare.com', supabaseUrl: 'https://abc.supabase.co', anonKey: 'anon.key.public' };
const look = (l: Partial<Look> = {}): Look => ({ ...DEFAULT_LOOK, ...l });

describe('the look', () => {
  it('adds nothing for the default look, and reads back every look it writes', () => {
    expect(lookVars(DEFAULT_LOOK)).toEqual({});
    expect(lookToQuery(DEFAULT_LOOK)).toEqual([]);
    const l = look({ scheme: 'dark', accent: '#1f4d3a', text: '#101010', background: '#fafafa', radius: 0, font: 'serif' });
    const q = new URLSearchParams(lookToQuery(l));
    expect(q.toString()).toBe('theme=dark&accent=1f4d3a&text=101010&background=fafafa&radius=0&font=serif');
    expect(lookFromQuery(q)).toEqual(l);
  });

  it('ignores what a link may carry that is not a look', () => {
    const q = new URLSearchParams('theme=purple&accent=red&text=%23abc&background=12345g&radius=99&font=comic;color:red');
    expect(lookFromQuery(q)).toEqual(DEFAULT_LOOK);
    expect(lookFromQuery(new URLSearchParams('radius=4.5')).radius).toBeUndefined();
    expect(lookFromQuery(new URLSearchParams('accent=%231F4D3A')).accent).toBe('#1f4d3a');
  });

  it('gives dark every colour token, and keeps button labels readable on any accent', () => {
    const dark = lookVars(look({ scheme: 'dark' }));
    for (const t of ['bg', 'surface', 'text', 'muted', 'primary', 'primary-text', 'border', 'danger', 'success', 'star']) expect(dark).toHaveProperty(`--kyb-color-${t}`);
    for (const c of [LIGHT_COLORS, DARK_COLORS]) expect(contrast(c.text, c.background)).toBeGreaterThanOrEqual(4.5);
    for (const accent of ['#ffe066', '#1f4d3a', '#7a4b2a', '#e3ad7f', '#0000ff']) expect(contrast(accent, textOn(accent))).toBeGreaterThanOrEqual(4.5);
    expect(lookVars(look({ accent: '#ffe066' }))['--kyb-color-primary-text']).toBe('#1f1915');
  });

  it('mixes the muted text, borders and subtle backgrounds from a chosen text and background colour', () => {
    const v = lookVars(look({ background: '#000000' }));
    expect(v['--kyb-color-surface']).toBe('#000000');
    expect(v['--kyb-color-text']).toBe(LIGHT_COLORS.text);
    expect(v['--kyb-color-muted']).toBe(`color-mix(in srgb, ${LIGHT_COLORS.text} 72%, #000000)`);
    expect(lookStyle(look({ radius: 4 }))).toBe('--kyb-radius:4px');
  });
});

describe('the code of each form', () => {
  const newsletter = embedByPath('newsletter')!;
  const reviews = embedByPath('reviews')!;

  it('writes the script tag with the public backend values and the element with its look', () => {
    const code = scriptSnippet(B, { embed: newsletter, attrs: { 'source-page': 'bio' }, look: look({ accent: '#1f4d3a' }) });
    expect(code.split('\n')[0]).toBe(
      '<script type="module" src="https://kybhaircare.com/widgets/kyb-widgets.js" data-supabase-url="https://abc.supabase.co" data-supabase-anon-key="anon.key.public" data-site-url="https://kybhaircare.com"></script>',
    );
    expect(code).toContain('<kyb-newsletter source-page="bio" style="--kyb-color-primary:#1f4d3a;--kyb-color-primary-text:#ffffff"><h2>Join the Circle</h2>');
    expect(scriptSnippet(B, { embed: reviews, look: DEFAULT_LOOK }).split('\n')[1]).toBe('<kyb-reviews slug="handmade-locs" write="link"></kyb-reviews>');
  });

  it('escapes what the admin types, and keeps choices to their lists', () => {
    expect(elementHtml({ embed: newsletter, attrs: { 'source-page': '"><script>x</script>' }, look: DEFAULT_LOOK })).toContain(
      'source-page="&quot;&gt;&lt;script&gt;x&lt;/script&gt;"',
    );
    expect(embedAttrs(reviews, { slug: 'not-a-product' })).toEqual([['slug', 'handmade-locs']]);
    expect(embedAttrs(newsletter, { 'source-page': `  ${'x'.repeat(200)} ` })).toEqual([['source-page', 'x'.repeat(100)]]);
    expect(embedAttrs(newsletter, { 'source-page': '   ' })).toEqual([]);
  });

  it('writes the iframe at the fixed height, with the resizer line only when asked, and the plain link', () => {
    const c = { embed: reviews, attrs: { slug: 'irie-locs' }, look: look({ scheme: 'dark' }) };
    expect(embedUrl(B.site, c)).toBe('https://kybhaircare.com/embed/reviews?slug=irie-locs&theme=dark');
    expect(linkSnippet(B, c)).toBe(embedUrl(B.site, c));
    expect(iframeSnippet(B, c, { resizer: false })).toBe(
      `<iframe src="https://kybhaircare.com/embed/reviews?slug=irie-locs&amp;theme=dark" title="KYB customer reviews" height="${reviews.height}" loading="lazy" style="display:block;width:100%;border:0"></iframe>`,
    );
    expect(iframeSnippet(B, c, { resizer: true }).split('\n')[1]).toBe('<script src="https://kybhaircare.com/widgets/kyb-embed-resizer.js" async></script>');
  });

  it('offers only public elements that need no session, each at a distinct path', () => {
    expect(EMBEDS.map((e) => e.tag)).toEqual(['kyb-reviews', 'kyb-newsletter', 'kyb-waitlist', 'kyb-partnership-form']);
    expect(new Set(EMBEDS.map((e) => e.path)).size).toBe(EMBEDS.length);
  });
});

describe('the height message', () => {
  it('reads our message only, bounded', () => {
    expect(embedHeight({ type: EMBED_HEIGHT_MESSAGE, height: 512.2, ready: false })).toBe(513);
    expect(embedHeight({ type: EMBED_HEIGHT_MESSAGE, height: 1e9 })).toBe(20_000);
    for (const d of [null, 'x', { type: 'other', height: 5 }, { type: EMBED_HEIGHT_MESSAGE, height: '5' }, { type: EMBED_HEIGHT_MESSAGE, height: Number.NaN }])
      expect(embedHeight(d)).toBeNull();
    expect(embedReady({ type: EMBED_HEIGHT_MESSAGE, height: 5, ready: true })).toBe(true);
    expect(embedReady({ type: EMBED_HEIGHT_MESSAGE, height: 5 })).toBe(false);
  });
});
