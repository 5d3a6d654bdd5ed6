/**
 * axe-core audits of pages of the built site (axe's default rule set: WCAG 2 A/AA and best practices).
 * axe is served from the site's own origin, copied into the run's private copy of the site, so the
 * page's strict Content-Security-Policy stays on while it runs. Used by the visual suite's visit of
 * every route (at 1280 px) and by tests/e2e/small-screens.test.ts for the sign-in dialog.
 */
import { copyFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright';
import { ROOT, type Site } from '../e2e/support/site.ts';

const AXE_PATH = '/__e2e__/axe.min.js';

export interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/** Puts axe into the site's private copy (once per run, before the first audit). */
export async function serveAxe(site: Site): Promise<void> {
  await mkdir(join(site.dir, '__e2e__'), { recursive: true });
  await copyFile(join(ROOT, 'node_modules/axe-core/axe.min.js'), join(site.dir, AXE_PATH));
}

/** axe's violations on the page as it stands (the caller has waited for its widgets and data). */
export async function audit(page: Page): Promise<Violation[]> {
  await page.addScriptTag({ url: AXE_PATH });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<{ violations: Violation[] }> } }).axe;
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })) }));
  });
}

/** One paragraph per violation: rule, impact, and the first five elements with axe's summary. */
export function describeViolations(where: string, vs: Violation[]): string {
  return vs
    .map(
      (v) =>
        `${where}: [${v.impact}] ${v.id}: ${v.help}\n${v.nodes
          .slice(0, 5)
          .map((n) => `    ${JSON.stringify(n.target)} ${(n.failureSummary ?? '').split('\n').slice(1, 2).join(' ').trim()}`)
          .join('\n')}${v.nodes.length > 5 ? `\n    … and ${v.nodes.length - 5} more` : ''}`,
    )
    .join('\n');
}
