/**
 * Every e-mail, as a phone shows it (issue #29, item 5): a viewport meta; links as words on buttons, never
 * an address printed in the text (the 64-hex order token made the shipped mail 483 px wide on a 390 px
 * screen); a thumbnail per product line; the kit's final-sale terms when a kit was bought; the tracking
 * link without %20; the auth templates use only Supabase's own variables. The same samples are rendered
 * at 390 px in the visual suite (tests/visual/mails.ts).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { KIT_TERMS, trackingLink } from '../../shared/rules/commerce.ts';
import { AUTH_TEMPLATES } from '../../supabase/local/auth/templates.ts';
import { SITE, mailSamples } from '../support/mail-samples.ts';

const samples = mailSamples();
const by = (id: string) => samples.find((s) => s.id === id)!;
/** The text a reader sees: tags and attribute values gone. */
const visible = (html: string) => html.replace(/<head>[\s\S]*?<\/head>/, '').replace(/<[^>]+>/g, ' ');

describe('e-mails on a phone', () => {
  it('has every template: the order e-mails, the launch e-mail and the auth e-mails', () => {
    expect(samples.map((s) => s.id)).toEqual(
      expect.arrayContaining(['shipped', 'confirmation-kit', 'kit-launch', 'auth-confirmation', 'auth-recovery', 'auth-magic_link', 'auth-email_change']),
    );
  });

  for (const s of samples) {
    it(`${s.id}: a viewport meta, and no address printed where a link with words belongs`, () => {
      expect(s.html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
      expect(visible(s.html)).not.toMatch(/https?:\/\//);
      expect(s.html).toMatch(/<a href="[^"]+"[^>]*>[^<]*[A-Za-z]/);
    });
  }

  it('the shipped e-mail: Track your package and View your order, each once; the tracking link without %20', () => {
    const m = by('shipped');
    expect(visible(m.html)).toContain('Track your package');
    expect(visible(m.html)).toContain('View your order');
    expect(m.html).toContain('href="https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000000"');
    expect(m.html).not.toContain('%20');
    expect(m.text!.match(/TrackConfirmAction/g)).toHaveLength(1);
    expect(trackingLink('USPS', ' 9400 1000\t00 ')).toBe('https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000');
  });

  it('a thumbnail per product line, as PNG (Gmail and Outlook show no SVG), and the kit terms repeated when a kit was bought', () => {
    const kit = by('confirmation-kit');
    expect(kit.html).toContain('<img src="https://kyb.example/images/mail/diy-kit.png" width="48" height="48" alt=""');
    expect(kit.text).toContain(KIT_TERMS.text);
    expect(visible(kit.html)).toContain(KIT_TERMS.text);
    const jah = by('confirmation-deposit');
    expect(jah.html).toContain('/images/mail/jah-locs.png');
    for (const m of samples) for (const [, src] of m.html.matchAll(/<img src="([^"]+)"/g)) expect(src, m.id).toMatch(/\.png$/);
    expect(jah.text).not.toContain(KIT_TERMS.text);
  });

  it("every picture comes from the site, even when a mail's first link is a carrier's tracking page", () => {
    for (const m of samples) {
      for (const [, src] of m.html.matchAll(/<img src="([^"]+)"/g)) expect(new URL(src).origin, m.id).toBe(SITE);
    }
    expect(by('shipped').html).toContain(`<img src="${SITE}/images/mail/diy-kit.png"`);
  });

  it("the auth templates use Supabase's own variables only", () => {
    const known = new Set(['ConfirmationURL', 'Token', 'TokenHash', 'SiteURL', 'RedirectTo', 'Data', 'Email', 'NewEmail']);
    for (const t of AUTH_TEMPLATES) {
      const text = readFileSync(join(import.meta.dirname, '../../supabase/templates', t.file), 'utf8');
      const used = [...text.matchAll(/\{\{\s*\.([A-Za-z]+)\s*\}\}/g)].map((m) => m[1]);
      expect(used, t.file).toContain('ConfirmationURL');
      for (const v of used) expect(known.has(v), `${t.file}: {{ .${v} }}`).toBe(true);
    }
  });
});
