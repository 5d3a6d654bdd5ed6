/**
 * `npm run visual`: the visual suite (tests/visual) over the built site, then the contact sheet's path.
 *   npm run visual                 build (unless KYB_SKIP_BUILD=1), run, compare with the baselines
 *   npm run visual -- --update     the same, rewriting every baseline (tests/visual/baselines/)
 * `npm test` runs the same suite as its "visual" step (scripts/test.ts, --only=visual).
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const bin = (b: string) => join('node_modules', '.bin', b);
const env = { ...process.env, ...(process.argv.includes('--update') ? { KYB_VISUAL_UPDATE: '1' } : {}) };
const run = (cmd: string, args: string[], extra: NodeJS.ProcessEnv = {}) => spawnSync(cmd, args, { stdio: 'inherit', env: { ...env, ...extra } }).status ?? 1;

if (!process.env.KYB_SKIP_BUILD) {
  for (const [cmd, args, extra] of [
    [bin('vite'), ['build', '--config', 'vite.widgets.config.ts'], {}],
    [bin('tsx'), ['site/prerender.ts'], { KYB_PRERENDER_REVIEWS: 'seed' }],
  ] as const) {
    if (run(cmd, [...args], extra) !== 0) process.exit(1);
  }
}
const code = run(bin('vitest'), ['run', '--config', 'tests/vitest.config.ts', '--project', 'visual']);
console.log(`\ncontact sheet: ${join(process.cwd(), 'test-results/visual/index.html')}`);
process.exit(code);
