/**
 * `npm run count-checks [-- --base=<git ref>]`: how many tests and assertions each suite writes, now and
 * (with --base) at an earlier commit, so a change that folds or removes tests shows whether a check was
 * lost (issue #28: "the count of checks is not lower").
 *
 * A count of the source, not of a run: `it(`/`test(` call sites (an `it.each` table counts once) and
 * assertion call sites (`expect(…)`, `expect.poll(…)`, `expect.soft(…)`, `assert…(…)`), per suite folder
 * (tests/<suite>/, support files included: the assertions they make run inside the tests that call
 * them). It reads any commit without running anything, so two commits compare in a second; a check inside
 * a loop counts once however many routes or widths the loop covers, on both sides alike.
 * Visual baselines are counted as files: each is a screenshot compared on every run.
 */
import { execFileSync } from 'node:child_process';

const base = process.argv.find((a) => a.startsWith('--base='))?.slice(7);
const SUITES = ['unit', 'backend', 'browser', 'e2e', 'visual'] as const;
const TESTS = /(?<![\w.])(?:it|test)(?:\.(?:each\([^)]*\)|concurrent|sequential|fails))?\s*\(/g;
const ASSERTIONS = /(?<![\w.])(?:expect(?:\.(?:poll|soft))?|assert(?:\.\w+)?)\s*\(/g;

const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });

interface Count {
  files: number;
  tests: number;
  assertions: number;
  baselines: number;
}

function count(ref: string): Record<(typeof SUITES)[number], Count> {
  const files = git('ls-tree', '-r', '--name-only', ref, 'tests').split('\n').filter(Boolean);
  const out = {} as Record<(typeof SUITES)[number], Count>;
  for (const suite of SUITES) {
    const c: Count = { files: 0, tests: 0, assertions: 0, baselines: 0 };
    for (const f of files.filter((f) => f.startsWith(`tests/${suite}/`))) {
      if (f.endsWith('.png')) {
        c.baselines++;
        continue;
      }
      if (!/\.tsx?$/.test(f)) continue;
      const src = git('show', `${ref}:${f}`);
      if (/\.test\.tsx?$/.test(f)) c.files++;
      c.tests += src.match(TESTS)?.length ?? 0;
      c.assertions += src.match(ASSERTIONS)?.length ?? 0;
    }
    out[suite] = c;
  }
  return out;
}

const now = count('HEAD');
const then = base ? count(base) : null;
const KEYS = ['files', 'tests', 'assertions', 'baselines'] as const;
const W = then ? 16 : 11;
const row = (name: string, cells: readonly (string | number)[]) => console.log(name.padEnd(9) + cells.map((c) => String(c).padStart(W)).join(''));
const sum = (counts: Count[]): Count => Object.fromEntries(KEYS.map((k) => [k, counts.reduce((n, c) => n + c[k], 0)])) as unknown as Count;
const line = (name: string, c: Count, t?: Count) =>
  row(
    name,
    KEYS.map((k) => (t ? `${c[k]} (${t[k]})` : c[k])),
  );

row('suite', KEYS);
for (const s of SUITES) line(s, now[s], then?.[s]);
line('total', sum(SUITES.map((s) => now[s])), then ? sum(SUITES.map((s) => then[s])) : undefined);
if (then) console.log(`now (at ${base})`);
