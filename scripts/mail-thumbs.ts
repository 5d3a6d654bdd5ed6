/**
 * `npm run mail:thumbs`: the e-mails' product thumbnails as PNG (issue #29, item 5).
 *
 * The site's product pictures are SVG, which Gmail and Outlook do not show in a message. Each product a
 * cart can hold (shared/cart.ts CART_PRODUCTS) gets a 96 × 96 px PNG of its picture (`imageOf`) at
 * `mailThumbOf` (site/public/images/mail/), drawn by Chromium as a 48 px thumbnail on a 2× screen:
 * contained in the square on the thumbnail's backdrop colour, as the mail drew the SVG. The PNGs are
 * committed: the build needs no browser, and a static host serves them as they are.
 *
 * `site/mail-thumbs.json` records the SHA-256 of each picture a PNG was drawn from;
 * tests/unit/mail-thumbs.test.ts fails when a picture changed and its PNG was not drawn again.
 * Drawn with the Chromium the tests use (/usr/bin/chromium); no library renders SVG to PNG with the
 * browser's fidelity without a native build of its own.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { chromium } from 'playwright';
import { CHROMIUM_ARGS } from '../tests/support/chromium.ts';
import { CART_PRODUCTS, MAIL_THUMB, imageOf, mailThumbOf } from '../shared/cart.ts';

const ROOT = join(import.meta.dirname, '..');
const PUBLIC = join(ROOT, 'site/public');
const MANIFEST = join(ROOT, 'site/mail-thumbs.json');

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

async function main() {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const manifest: Record<string, { from: string; sha256: string }> = {};
  try {
    const page = await browser.newPage({ viewport: { width: MAIL_THUMB.size, height: MAIL_THUMB.size }, deviceScaleFactor: 2 });
    for (const product of CART_PRODUCTS) {
      const svg = join(PUBLIC, imageOf(product));
      const src = `data:image/svg+xml;base64,${readFileSync(svg).toString('base64')}`;
      await page.setContent(
        `<style>html,body{margin:0}img{display:block;width:${MAIL_THUMB.size}px;height:${MAIL_THUMB.size}px;object-fit:contain;background:${MAIL_THUMB.backdrop}}</style><img src="${src}" alt="">`,
      );
      await page.locator('img').evaluate((img: HTMLImageElement) => img.decode());
      const out = join(PUBLIC, mailThumbOf(product));
      mkdirSync(dirname(out), { recursive: true });
      writeFileSync(out, await page.screenshot({ type: 'png' }));
      manifest[product] = { from: imageOf(product), sha256: sha256(svg) };
      console.log(`${mailThumbOf(product)} ← ${imageOf(product)}`);
    }
  } finally {
    await browser.close();
  }
  writeFileSync(MANIFEST, `${JSON.stringify(manifest, null, 2)}\n`);
}

if (process.argv[1] === import.meta.filename) await main();
