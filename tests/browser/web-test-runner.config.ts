/**
 * Browser tests of the kyb-* elements: the BUILT bundle (what ships) in Debian Chromium, against the
 * real local stack over HTTP.
 *
 *   npm run test:browser                                  shipped build: preact/compat + r2wc (dist/widgets)
 *   KYB_BUILD=react npm run test:browser                  React build (dist/widgets-react); npm test runs only
 *                                                         runtime-parity.test.ts on it (it exists to be compared)
 *   npm run test:browser -- --files tests/browser/newsletter.test.ts
 *   KYB_SKIP_BUILD=1 …                                    test the dist/ already there
 *   KYB_WTR_TIMES=<file> …                                also write each file's time there (server/file-times.ts)
 *
 * Before the run it builds the chosen bundle into a private dist/.test-run-<pid>/ (so a test never runs
 * stale code, and a concurrent build cannot pull chunks from under it) and starts the local
 * stack in memory on a free port with autoconfirmed sign-ups; every test page gets its URL and anon
 * key in the same <meta> tags a real page uses, plus `kyb-test-closed-url` (a port nobody listens on,
 * for network-failure tests), `kyb-test-bundle` (URL path of the bundle folder, e.g.
 * /dist/.test-run-123/widgets), `kyb-test-build` (the same path relative to /dist/) and `kyb-test-parity` (the
 * runtime-parity probe, built with the same runtime: server/stack-plugin.ts). Browser context pinned to en-US / America/New_York.
 * The tests are TypeScript: the dev server hands each .ts file to vite's Oxc transform (types stripped,
 * nothing bundled; the type check is `tsc -p tests/browser/tsconfig.json`, part of `npm run typecheck`).
 * Loaded by Node with tsx registered (it is TypeScript and imports the TypeScript stack): see the
 * test:browser script.
 */
import { fileURLToPath } from 'node:url';
import { transformWithOxc } from 'vite';
import type { Plugin } from '@web/dev-server-core';
import type { TestRunnerConfig } from '@web/test-runner';
import { defaultReporter } from '@web/test-runner';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { stackPlugin, state } from './server/stack-plugin.ts';
import { fileTimes } from './server/file-times.ts';
import { CHROMIUM_ARGS } from '../support/chromium.ts';

const rootDir = fileURLToPath(new URL('../..', import.meta.url));
const react = process.env.KYB_BUILD === 'react';

/**
 * Serves the .ts files under tests/browser/ to the browser as JavaScript, through the TypeScript
 * transform vite (a dependency already) exports, so a few lines here replace a dev-server plugin
 * package. It only strips types: a test runs as written, its imports resolved by the dev server as
 * before, and the inline source map keeps failures pointing at the .ts lines.
 */
const typescript: Plugin = {
  name: 'kyb-typescript',
  resolveMimeType(context) {
    if (context.path.endsWith('.ts')) return 'js';
  },
  async transform(context) {
    if (!context.path.endsWith('.ts')) return;
    const { code, map } = await transformWithOxc(context.body as string, context.path, { lang: 'ts', sourcemap: true });
    const inline = map ? `\n//# sourceMappingURL=data:application/json;base64,${Buffer.from(JSON.stringify(map)).toString('base64')}` : '';
    return { body: code + inline };
  },
};

const config: TestRunnerConfig = {
  rootDir,
  files: ['tests/browser/**/*.test.ts'],
  nodeResolve: true,
  // One page at a time: the machine is small and some tests switch the stack's autoconfirm flag.
  concurrency: 1,
  concurrentBrowsers: 1,
  testsFinishTimeout: 10 * 60_000,
  testFramework: { config: { timeout: 30_000, ui: 'bdd' } },
  // KYB_WTR_TIMES: each file's time as JSON too, for npm test's list of the slowest files.
  reporters: [defaultReporter(), ...(process.env.KYB_WTR_TIMES ? [fileTimes(process.env.KYB_WTR_TIMES, rootDir)] : [])],
  browsers: [
    playwrightLauncher({
      product: 'chromium',
      launchOptions: {
        executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
        args: CHROMIUM_ARGS,
      },
      createBrowserContext: ({ browser }) => browser.newContext({ locale: 'en-US', timezoneId: 'America/New_York' }),
    }),
  ],
  plugins: [typescript, stackPlugin({ rootDir, react, build: process.env.KYB_SKIP_BUILD !== '1' })],
  testRunnerHtml: (testFramework) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>kyb browser test</title>
<meta name="kyb-supabase-url" content="${state.url}">
<meta name="kyb-supabase-anon-key" content="${state.anonKey}">
<meta name="kyb-test-service-key" content="${state.serviceKey}">
<meta name="kyb-test-closed-url" content="${state.closedUrl}">
<meta name="kyb-test-bundle" content="/${state.bundle}">
<meta name="kyb-test-build" content="${state.bundle.replace(/^dist\//, '')}">
<meta name="kyb-test-parity" content="/${state.parity}">
<script src="/node_modules/axe-core/axe.min.js"></script>
<script type="module" src="/${state.bundle}/kyb-widgets.js"></script>
</head>
<body>
<main id="app"></main>
<script type="module" src="${testFramework}"></script>
</body>
</html>`,
};

export default config;
