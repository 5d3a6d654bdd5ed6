/**
 * @web/test-runner reporter: how long each test file's page ran, written as JSON to `path` when the run
 * stops (`[{file, seconds}]`, file relative to the repository). `npm test` sets KYB_WTR_TIMES to get it and
 * lists the slowest files of every step (scripts/test.ts). A page's time runs from the moment the runner
 * starts it to the moment it finishes, so it includes loading the bundle, as a slow file's cost does.
 * (vitest's files, by contrast, are timed from their JSON report: their tests and hooks, not their import.)
 */
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Reporter } from '@web/test-runner';

export function fileTimes(path: string, rootDir: string): Reporter {
  const started = new Map<string, number>();
  const seconds = new Map<string, number>();
  // A page may start before the reporter hears of it (the first one does): it then counts from the
  // end of the page before it, or the start of the run (pages run one at a time: web-test-runner.config.ts).
  let lastEnd = Date.now();
  return {
    start({ sessions }) {
      lastEnd = Date.now();
      sessions.on('session-status-updated', (s) => {
        if (s.status === 'INITIALIZING' && !started.has(s.id)) started.set(s.id, Date.now());
        if (s.status === 'FINISHED') {
          const file = relative(rootDir, s.testFile);
          const now = Date.now();
          seconds.set(file, (seconds.get(file) ?? 0) + (now - (started.get(s.id) ?? lastEnd)) / 1000);
          lastEnd = now;
        }
      });
    },
    stop() {
      writeFileSync(path, JSON.stringify([...seconds].map(([file, s]) => ({ file, seconds: s }))));
    },
  };
}
