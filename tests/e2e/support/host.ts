/**
 * A third-party host page for the embed tests (embed-forms, embed-builder): a real server on another
 * port, so another origin (a Playwright-fulfilled page would have no address, and Chromium would block
 * its requests to loopback), serving what a test pastes; and the newsletter sign-up a visitor of it makes.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FrameLocator, Page } from 'playwright';
import { afterAll, beforeAll, expect } from 'vitest';
import { MOBILE, type Site } from './site.ts';

export interface HostPageOptions {
  head?: string;
  headers?: Record<string, string>;
  /** Console errors this page causes on purpose. */
  allowConsole?: RegExp;
}

/** Starts the host for the calling file; `open(body)` serves a page with that body and opens it at 390 px. */
export function useHost(site: () => Site) {
  const pages = new Map<string, [string, Record<string, string>]>();
  let server: Server;
  let origin = '';
  beforeAll(async () => {
    server = createServer((req, res) => {
      const page = pages.get(req.url ?? '');
      if (!page) return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...page[1] }).end(page[0]);
    });
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((ok) => server.close(() => ok())));

  return {
    get origin() {
      return origin;
    },
    async open(body: string, opts: HostPageOptions = {}): Promise<Page> {
      const path = `/p-${randomUUID().slice(0, 8)}`;
      pages.set(path, [
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A host page</title>${opts.head ?? ''}</head><body><main><h1>A host page</h1>\n${body}</main></body></html>`,
        opts.headers ?? {},
      ]);
      const page = await site().page({ viewport: MOBILE });
      if (opts.allowConsole) site().allowConsole(page, opts.allowConsole);
      // The fixture stubs every origin but the site's and the backend's; let this host through.
      await page.route(`${origin}/**`, (route) => route.continue());
      expect((await page.goto(origin + path))?.status()).toBe(200);
      return page;
    },
  };
}

/** Signs up for the newsletter in `scope` (a page or a frame) and checks the row it stored. */
export async function subscribe(site: Site, scope: Page | FrameLocator, sourcePage?: string): Promise<void> {
  const email = `embed-${randomUUID().slice(0, 8)}@example.com`;
  const card = scope.locator('kyb-newsletter');
  await card.getByLabel('Name').fill('Embed Visitor');
  await card.getByLabel('Email').fill(email);
  await card.getByRole('checkbox').check();
  await card.getByRole('button', { name: 'Join the Circle' }).click();
  await card.getByText('Welcome to the Circle').first().waitFor({ timeout: 20_000 });
  const { data, error } = await site.service().from('subscribers').select('list, status, source_page').eq('email', email);
  expect(error).toBeNull();
  expect(data).toEqual([{ list: 'newsletter', status: 'subscribed', source_page: sourcePage ?? expect.any(String) }]);
}
