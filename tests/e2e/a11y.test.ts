/**
 * axe-core audit of every page of the built site at desktop width, after the widgets have upgraded and
 * their data has loaded: no violations at all (axe's default rule set: WCAG 2 A/AA and best practices).
 * Signed-in states are audited too: My Account as a user, the gallery panel as the admin.
 *
 * axe is served from the site's own origin (a route of the test), so the page's strict
 * Content-Security-Policy stays on while it runs.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright';
import { NOT_FOUND, ROUTES } from '../../site/routes.ts';
import { ADMIN } from '../support/stack.ts';
import { createAccount, signInViaHeader } from './support/auth.ts';
import { useSite } from './support/hooks.ts';
import { ROOT, pool } from './support/site.ts';
import { widgetsUpgraded } from './support/page.ts';

const ctx = useSite();
const AXE_PATH = '/__e2e__/axe.min.js';

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

async function auditContext(): Promise<BrowserContext> {
  const context = await ctx.site.context();
  const axe = await readFile(join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');
  await context.route(`${ctx.site.url}${AXE_PATH}`, (r) => r.fulfill({ status: 200, contentType: 'text/javascript', body: axe }));
  return context;
}

async function audit(page: Page): Promise<Violation[]> {
  await widgetsUpgraded(page);
  await page.waitForLoadState('networkidle');
  await page.addScriptTag({ url: AXE_PATH });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<{ violations: Violation[] }> } }).axe;
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })) }));
  });
}

function describeViolations(path: string, vs: Violation[]): string {
  return vs
    .map(
      (v) =>
        `${path}: [${v.impact}] ${v.id}: ${v.help}\n${v.nodes
          .slice(0, 5)
          .map((n) => `    ${JSON.stringify(n.target)} ${(n.failureSummary ?? '').split('\n').slice(1, 2).join(' ').trim()}`)
          .join('\n')}${v.nodes.length > 5 ? `\n    … and ${v.nodes.length - 5} more` : ''}`,
    )
    .join('\n');
}

describe('accessibility (axe-core)', () => {
  it('finds no violations on any route (signed out, 1280 px)', async () => {
    const context = await auditContext();
    // Signed out, /account sends the visitor home; it is audited signed in below.
    const paths = [...ROUTES.map((r) => r.path).filter((p) => p !== '/account'), '/no-such-page-e2e'];
    const results = await pool(paths, 3, async (path) => {
      const page = await context.newPage();
      if (path === '/no-such-page-e2e') {
        ctx.site.allowConsole(page, /status of 404/);
        ctx.site.allowConsole(page, /no-such-page-e2e/);
      }
      try {
        const res = await page.goto(ctx.site.url + path);
        expect.soft(res?.status(), `${path} status`).toBe(path === '/no-such-page-e2e' ? 404 : 200);
        return { path, violations: await audit(page) };
      } catch (e) {
        return { path, violations: [], error: e instanceof Error ? e.message.split('\n')[0] : String(e) };
      } finally {
        await page.close();
      }
    });
    await context.close();
    const errors = results.filter((r) => r.error).map((r) => `${r.path}: ${r.error}`);
    expect.soft(errors, 'pages that could not be audited').toEqual([]);
    const bad = results.filter((r) => r.violations.length);
    expect(
      bad.length,
      `axe violations on ${bad.length} of ${results.length} pages (${NOT_FOUND.title} page included):\n${bad.map((r) => describeViolations(r.path, r.violations)).join('\n')}`,
    ).toBe(0);
  }, 180_000);

  it('finds no violations on My Account signed in, the sign-in dialog, and the gallery panel as the admin', async () => {
    const context = await auditContext();
    const user = await createAccount(ctx.site);
    const page = await context.newPage();
    await page.goto(`${ctx.site.url}/`);
    await widgetsUpgraded(page);
    await page.locator('.site-header__actions kyb-auth-button').getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('dialog').waitFor();
    const dialog = await audit(page);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await signInViaHeader(page, user);
    await page.goto(`${ctx.site.url}/account`);
    await page.locator('kyb-account').getByLabel('Display name').waitFor();
    const account = await audit(page);

    const adminContext = await auditContext();
    const admin = await adminContext.newPage();
    await admin.goto(`${ctx.site.url}/admin/gallery`);
    await widgetsUpgraded(admin);
    await signInViaHeader(admin, ADMIN);
    await admin.locator('kyb-gallery-admin').getByRole('heading', { name: 'Gallery Administration' }).waitFor();
    await admin.locator('kyb-gallery-admin').getByRole('listitem').first().waitFor();
    const panel = await audit(admin);
    await context.close();
    await adminContext.close();
    const all = [
      describeViolations('sign-in dialog on /', dialog),
      describeViolations('/account (signed in)', account),
      describeViolations('/admin/gallery (admin)', panel),
    ].filter(Boolean);
    expect(dialog.length + account.length + panel.length, `axe violations:\n${all.join('\n')}`).toBe(0);
  }, 120_000);
});
