/**
 * @web/test-runner plugin: builds the widget bundle under test, starts the local stack for the run and
 * answers the browser tests' server commands.
 *
 * Commands (from a test: `executeServerCommand('kyb-stack', {...})`):
 *   {op: 'autoconfirm', value: boolean}   switch e-mail confirmation (restore it in the same test)
 *   {op: 'mail', to}                      mail the stack "sent" to that address, newest first
 *   {op: 'mail-interval-passes', to}      the auth server's one mail per address per MAIL_MIN_INTERVAL_SECONDS
 *                                         passes for that address, on the database's clock (its last
 *                                         mails' times moved back) instead of being waited out
 *   {op: 'stripe-pay', session, email,    pays a Checkout Session on the local Stripe as its hosted page
 *    name, card?}                         would (default card 4242…), then waits for the webhooks
 */
import { createServer } from 'node:net';
import { rm } from 'node:fs/promises';
import { build } from 'vite';
import { serve } from '../../../supabase/local/server.ts';
import { MAIL_MIN_INTERVAL_SECONDS, TOKEN_COLUMNS } from '../../../supabase/local/auth/mailer.ts';

export const state = { url: '', anonKey: '', serviceKey: '', closedUrl: '', bundle: '', parity: '' };

/** A port that was free a moment ago and is closed now: requests to it fail like a network outage. */
async function closedPort(): Promise<string> {
  const srv = createServer();
  await new Promise<void>((ok) => srv.listen(0, '127.0.0.1', ok));
  const addr = srv.address();
  const port = typeof addr === 'object' && addr ? addr.port : 9;
  await new Promise((ok) => srv.close(ok));
  return `http://127.0.0.1:${port}`;
}

/**
 * Builds fixtures/runtime-parity/probe.tsx with the runtime of the build under test (the shipped build's
 * aliases and plugin, or React as it is: scripts/vite/runtime.ts `runtimeConfig`), minified for production
 * like the bundle, into `outDir`; runtime-parity.test.ts imports it. Built on every run, KYB_SKIP_BUILD or
 * not: it is test code (a second or two), and it must match the runtime the bundle's config names now.
 */
async function buildParityProbe(rootDir: string, react: boolean, outDir: string) {
  const { runtimeConfig } = await import('../../../scripts/vite/runtime.ts');
  const runtime = runtimeConfig(react);
  await build({
    configFile: false,
    root: rootDir,
    mode: 'production',
    logLevel: 'warn',
    publicDir: false,
    envDir: false,
    resolve: { alias: runtime.alias },
    plugins: runtime.plugins,
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      minify: true,
      reportCompressedSize: false,
      lib: { entry: `${rootDir}tests/browser/fixtures/runtime-parity/probe.tsx`, formats: ['es'], fileName: () => 'probe.js' },
    },
  });
}

/**
 * With `build`, the bundle is built into a private folder under dist/ for this run (removed at the
 * end): several people and processes build dist/widgets at once on a shared machine, and a rebuild in
 * the middle of a run would delete the chunks the test pages are loading. Same config, same output.
 */
export function stackPlugin(opts: { rootDir: string; react: boolean; build: boolean }) {
  let backend: Awaited<ReturnType<typeof serve>> | null = null;
  const bundleDir = opts.react ? 'widgets-react' : 'widgets';
  const privateDir = `dist/.test-run-${process.pid}/${bundleDir}`;
  state.bundle = opts.build ? privateDir : `dist/${bundleDir}`;
  state.parity = `dist/.test-run-${process.pid}/parity-${bundleDir}/probe.js`;
  return {
    name: 'kyb-local-stack',
    async serverStart({ config }: { config: { hostname?: string; port?: number } }) {
      if (opts.build) {
        await build({
          configFile: `${opts.rootDir}vite.widgets.config.ts`,
          mode: opts.react ? 'react' : 'production',
          logLevel: 'warn',
          build: { outDir: `${opts.rootDir}${privateDir}` },
        });
      }
      await buildParityProbe(opts.rootDir, opts.react, `${opts.rootDir}dist/.test-run-${process.pid}/parity-${bundleDir}`);
      // Mail links come back to the test pages' own origin, which must be on the redirect allow-list
      // exactly, as GoTrue's is.
      const siteUrl = `http://${config.hostname ?? 'localhost'}:${config.port ?? 8000}`;
      backend = await serve({ port: 0, config: { autoconfirm: true, siteUrl } });
      state.url = backend.url;
      state.anonKey = backend.stack.config.anonKey;
      // Test pages only (fixtures and checks in the database); never a real page.
      state.serviceKey = backend.stack.config.serviceRoleKey;
      state.closedUrl = await closedPort();
    },
    async serverStop() {
      await backend?.close();
      await rm(`${opts.rootDir}dist/.test-run-${process.pid}`, { recursive: true, force: true });
    },
    async executeCommand({ command, payload }: { command: string; payload?: unknown }) {
      if (command !== 'kyb-stack' || !backend) return undefined;
      const p = (payload ?? {}) as { op?: string; value?: unknown; to?: string; session?: string; card?: string; email?: string; name?: string };
      if (p.op === 'autoconfirm') {
        backend.stack.config.autoconfirm = !!p.value;
        return true;
      }
      if (p.op === 'mail') {
        return backend.stack.ctx.mail.filter((m) => !p.to || m.to === p.to).reverse();
      }
      if (p.op === 'mail-interval-passes' && p.to) {
        const sentAt = [...new Set(Object.values(TOKEN_COLUMNS).map((c) => c.sentAt))];
        const r = await backend.stack.db.query(`update auth.users set ${sentAt.map((c) => `${c} = ${c} - make_interval(secs => $2)`).join(', ')} where email = $1`, [
          p.to,
          MAIL_MIN_INTERVAL_SECONDS + 1,
        ]);
        return r.affectedRows === 1;
      }
      if (p.op === 'stripe-pay' && p.session) {
        await backend.stack.stripe.pay(p.session, { card: p.card ?? '4242424242424242', email: p.email, name: p.name });
        await backend.stack.stripe.idle();
        return true;
      }
      throw new Error(`kyb-stack: unknown op ${String(p.op)}`);
    },
  };
}
