/**
 * The e-mails' thumbnails (issue #29, item 5): every product a cart can hold has its PNG copy at
 * `mailThumbOf`, 2× the thumbnail's size, drawn from the picture the site shows for it (`imageOf`) as it
 * is now. A picture changed without `npm run mail:thumbs` fails here (scripts/mail-thumbs.ts).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { CART_PRODUCTS, MAIL_THUMB, imageOf, mailThumbOf } from '../../shared/cart.ts';

const ROOT = join(import.meta.dirname, '../..');
const manifest: Record<string, { from: string; sha256: string }> = JSON.parse(readFileSync(join(ROOT, 'site/mail-thumbs.json'), 'utf8'));
const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

describe('the e-mail thumbnails', () => {
  it.each(CART_PRODUCTS)('%s: a PNG of 2× the thumbnail, drawn from its picture as it is now', (product) => {
    const png = join(ROOT, 'site/public', mailThumbOf(product));
    expect(existsSync(png), `${mailThumbOf(product)} is missing: run npm run mail:thumbs`).toBe(true);
    const image = PNG.sync.read(readFileSync(png));
    expect([image.width, image.height]).toEqual([MAIL_THUMB.size * 2, MAIL_THUMB.size * 2]);
    expect(manifest[product]?.from, 'drawn from the picture the site shows').toBe(imageOf(product));
    expect(manifest[product]?.sha256, `${imageOf(product)} changed since its thumbnail was drawn: run npm run mail:thumbs`).toBe(
      sha256(join(ROOT, 'site/public', imageOf(product))),
    );
  });

  it('no thumbnail is left for a product no cart holds', () => {
    expect(Object.keys(manifest).sort()).toEqual([...CART_PRODUCTS].sort());
  });
});
