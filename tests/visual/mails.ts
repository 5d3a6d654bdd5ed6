/**
 * Every e-mail template at 390 px (issue #29, item 5), called by visual.test.ts: each sample of
 * tests/support/mail-samples.ts (the order e-mails, the kit's launch e-mail, the auth templates) is
 * opened as a mail client on a phone opens it (its HTML as the page, 390 px wide), held to the pages'
 * layout invariants (invariants.ts: nothing wider than the screen, no overlap, tap targets), and shot into
 * the contact sheet under `mail`. `KYB_VISUAL_ONLY='^mail '` narrows a run to them.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright';
import { mailSamples } from '../support/mail-samples.ts';
import { layoutProblems } from './invariants.ts';
import { shoot, type Shot } from './shots.ts';

const PUBLIC = join(import.meta.dirname, '../../site/public');
const WIDTH = 390;
const HEIGHT = 800;
const STAND_IN = '<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48"><rect width="48" height="48" fill="#d9c7b0"/></svg>';

export function describeMails(o: { context: () => Promise<BrowserContext>; shots: Shot[]; only: RegExp | null }) {
  const items = mailSamples().filter((m) => !o.only || o.only.test(`mail ${m.id}`));
  describe('every e-mail template at 390 px (issue #29)', () => {
    it(`renders ${items.length} e-mails`, async () => {
      const context = await o.context();
      const failures: string[] = [];
      for (const m of items) {
        const page = await context.newPage();
        try {
          await page.setViewportSize({ width: WIDTH, height: HEIGHT });
          // Pictures come from the site's address, which a test run does not serve: the thumbnails the mail
          // names are read from site/public, as the site serves them; anything else gets a plain square.
          await page.route(/^https?:\/\//, (r) => {
            const file = join(PUBLIC, new URL(r.request().url()).pathname);
            if (file.startsWith(PUBLIC) && file.endsWith('.png') && existsSync(file)) return r.fulfill({ status: 200, contentType: 'image/png', body: readFileSync(file) });
            return r.fulfill({ status: 200, contentType: 'image/svg+xml', body: STAND_IN });
          });
          await page.setContent(m.html, { waitUntil: 'load' });
          const problems = [...(await page.evaluate(layoutProblems, { headerMax: null }))];
          const wide = await page.evaluate(() => document.documentElement.scrollWidth);
          if (wide > WIDTH) problems.push(`${wide} px wide on a ${WIDTH} px screen`);
          const shot = await shoot(page, 'mail', m.id, WIDTH, { fullPage: true });
          problems.push(...shot.problems);
          o.shots.push({ group: 'mail', title: `${m.id}: ${m.subject}`, width: WIDTH, file: shot.file, diff: shot.diff, problems });
          failures.push(...problems.map((p) => `mail ${m.id}: ${p}`));
        } finally {
          await page.close();
        }
      }
      expect(failures).toEqual([]);
    }, 120_000);
  });
}
