/**
 * What the journey tests share (tests/e2e/journeys*.test.ts): opening a page of the built site, a toast
 * shown by any widget, the seeded admin signed in through supabase-js.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright';
import { ADMIN } from '../../support/stack.ts';
import type { Site } from './site.ts';
import { openPage } from './page.ts';

export const uid = () => randomUUID().slice(0, 8);

/** A toast (title and text) shown by any widget on the page. */
export async function expectToast(page: Page, title: string | RegExp, text?: string | RegExp) {
  await page.getByText(title).first().waitFor({ timeout: 15_000 });
  if (text) await page.getByText(text).first().waitFor({ timeout: 5_000 });
}

/** Helpers bound to the calling file's site (useSite). */
export function journeyHelpers(ctx: { readonly site: Site }) {
  return {
    /** Opens `path` (in `page`, or a fresh one), expects 200 and waits for the widgets to upgrade. */
    open: (path: string, page?: Page) => openPage(ctx.site, path, page),
    async signedInAdmin() {
      const c = ctx.site.anon();
      const { error } = await c.auth.signInWithPassword(ADMIN);
      if (error) throw new Error(`admin sign-in failed: ${error.message}`);
      return c;
    },
  };
}
