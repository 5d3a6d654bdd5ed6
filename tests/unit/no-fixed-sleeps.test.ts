/**
 * No test sleeps for a fixed time (issue #28): a test waits on the thing itself (expect.poll, a row's
 * status, the stack's `stripe.idle()`, document.fonts.ready, animation frames, tests/e2e/support/quiet.ts).
 * A fixed sleep is either too short on a loaded machine (a flake) or longer than needed everywhere (a slow
 * suite). Found here in every .ts file under tests/:
 *   - Playwright's `waitForTimeout(…)`;
 *   - a promise that only a timer settles: `new Promise((r) => setTimeout(r, …))`, also behind animation
 *     frames (a timer that races an event as its deadline is not one: it settles on the event);
 *   - a call to a `sleep(…)` helper.
 * ALLOWED names the files that still do, how many times, and why. A file that sleeps less than its entry
 * says fails too, so the list only shrinks.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SELF = 'tests/unit/no-fixed-sleeps.test.ts';

/** Why a file may still sleep; the browser entries are debts of issue #28, listed so that none is added. */
const NEGATIVE =
  'a check that something does NOT happen (a request, a chunk, a toast, a form, a render), given a moment in which it would have: Resource Timing lists a request only once it is answered, so the page has no signal yet that says "nothing was sent" (not converted)';
const ALLOWED: Record<string, { count: number; reason: string }> = {
  'tests/browser/support/fixtures.ts': {
    count: 1,
    reason: 'a video: MediaRecorder records frames drawn over time, so each frame must last a while of real time',
  },
  'tests/browser/support/helpers.ts': {
    count: 1,
    reason: "waitFor's polling interval between two looks at its condition: a wait on the thing itself, which the condition ends",
  },
  'tests/browser/auth-session.test.ts': { count: 3, reason: NEGATIVE },
  'tests/browser/cart-loading.test.ts': { count: 1, reason: NEGATIVE },
  'tests/browser/order.test.ts': { count: 1, reason: NEGATIVE },
  'tests/browser/reviews-request.test.ts': { count: 1, reason: NEGATIVE },
};

const PATTERNS: [name: string, re: RegExp][] = [
  ['waitForTimeout', /\.waitForTimeout\(/g],
  ['a promise only a timer settles', /new Promise(?:<[^>]*>)?\(\s*\(?\s*(\w+)\s*\)?\s*=>\s*(?:requestAnimationFrame\(\s*\(\)\s*=>\s*)*setTimeout\(\s*\1\s*,/g],
  ['a sleep() call', /(?<![\w.])sleep\(/g],
];

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'baselines' || e.name === 'node_modules' ? [] : files(path);
    return e.name.endsWith('.ts') ? [path] : [];
  });
}

/** Each fixed sleep of a source: "line: what". */
function fixedSleeps(source: string): string[] {
  const out: string[] = [];
  for (const [name, re] of PATTERNS) {
    for (const m of source.matchAll(re)) out.push(`${source.slice(0, m.index).split('\n').length}: ${name}`);
  }
  return out;
}

describe('no fixed sleeps in tests', () => {
  it('finds each kind of fixed sleep, and not a timer that is a deadline', () => {
    expect(fixedSleeps('await page.waitForTimeout(1500);')).toEqual(['1: waitForTimeout']);
    expect(fixedSleeps('await new Promise((r) => setTimeout(r, 300));')).toEqual(['1: a promise only a timer settles']);
    expect(fixedSleeps('new Promise((ok) => requestAnimationFrame(() => setTimeout(ok, 60)))')).toEqual(['1: a promise only a timer settles']);
    expect(fixedSleeps('const sleep = (ms) => x;\nawait sleep(100);')).toEqual(['2: a sleep() call']);
    expect(fixedSleeps('const timer = setTimeout(() => reject(new Error("late")), 60_000);')).toEqual([]);
    expect(fixedSleeps('await s.stripe.settle(id); await stack.sleepy(1);')).toEqual([]);
  });

  it('every test file waits on the thing itself, or is allowed to sleep with its reason', () => {
    const found: Record<string, string[]> = {};
    for (const path of files(join(ROOT, 'tests'))) {
      const rel = relative(ROOT, path);
      if (rel === SELF) continue;
      const sleeps = fixedSleeps(readFileSync(path, 'utf8'));
      if (sleeps.length) found[rel] = sleeps;
    }
    const problems: string[] = [];
    for (const [file, sleeps] of Object.entries(found)) {
      const allowed = ALLOWED[file]?.count ?? 0;
      if (sleeps.length > allowed) problems.push(`${file} sleeps for a fixed time (${sleeps.join('; ')}): wait on the thing itself`);
    }
    for (const [file, { count }] of Object.entries(ALLOWED)) {
      const n = found[file]?.length ?? 0;
      if (n < count) problems.push(`${file} sleeps ${n} times now, ALLOWED says ${count}: lower its entry`);
    }
    expect(problems).toEqual([]);
  });
});
