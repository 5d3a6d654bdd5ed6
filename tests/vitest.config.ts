import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const e2eWorkers = Math.max(1, Number(process.env.KYB_E2E_WORKERS) || 1);

export default defineConfig({
  root,
  test: {
    silent: 'passed-only',
    // expect.poll waits on the thing itself; its default second is less than a loaded two-core machine
    // takes for a stack round trip (a declined card's answer missed it in a full run). A poll that holds
    // returns at once, so a longer limit costs only a failing test.
    expect: { poll: { timeout: 15_000 } },
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      {
        extends: true,
        test: {
          name: 'backend',
          include: ['tests/backend/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          // One migrated, seeded database image per run; each file's stack starts from a copy of it.
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          pool: 'forks',
          // KYB_E2E_WORKERS=2 runs two files at once, each with its own ports, site copy, database and
          // Chromium (tests/e2e/README.md says why one is the default).
          maxWorkers: e2eWorkers,
          fileParallelism: e2eWorkers > 1,
          // The files one after another in one process (issue #28): a fresh process per file paid Node's
          // start and the imports of Playwright and the stack again, some 1.2 s and 1.2 CPU-s per file
          // (8 files: 71 s and 112 CPU-s isolated, 62 s and 102 CPU-s not). Each file still starts its own
          // stack, site copy, database and Chromium (useSite); what the process keeps holds no state: the
          // imported function handlers (supabase/local/functions) and the bcrypt worker (auth/password.ts).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          // tests/visual: every route and catalogued element state at four widths (npm run visual).
          name: 'visual',
          include: ['tests/visual/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 300_000,
          hookTimeout: 180_000,
          pool: 'forks',
          maxWorkers: 1,
          fileParallelism: false,
        },
      },
    ],
  },
});
