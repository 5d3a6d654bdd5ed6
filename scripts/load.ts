/**
 * Load run of the local stack (issue 9): LOAD_CLIENTS (50) clients for LOAD_SECONDS (60) against a stack
 * it starts itself on loopback (in a child process, so the load does not steal the server's event loop;
 * an in-memory database with the seed, e-mail confirmation off). Each client connects from its own
 * loopback address (127.0.1.x), as distinct visitors would, so per-address auth limits apply to each one
 * alone. Clients arrive over the first 10 s; each signs up, then mixes anonymous reads of the reviews,
 * signed-in reads of its profile and the reviews, and another sign-up about every 20 s. Prints errors (anything but the expected status, or no
 * answer within 10 s) and p50/p95/p99 latency per kind; exits 1 when there was any error.
 *
 *   npx tsx scripts/load.ts            LOAD_CLIENTS=20 LOAD_SECONDS=30 npx tsx scripts/load.ts
 */
import { fork } from 'node:child_process';
import { Agent, request } from 'node:http';
import { fileURLToPath } from 'node:url';

const CLIENTS = Number(process.env.LOAD_CLIENTS ?? 50);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const TIMEOUT_MS = 10_000;
const RAMP_MS = 10_000;
/** Each client signs up another account about this often (a sign-up costs a bcrypt hash). */
const SIGNUP_EVERY_MS = 20_000;

if (process.argv[2] === '--serve') {
  const { serve } = await import('../supabase/local/server.ts');
  const s = await serve({ port: 0, host: '127.0.0.1', config: { autoconfirm: true } });
  process.send!({ url: s.url, anonKey: s.stack.config.anonKey });
  process.on('disconnect', () => void s.close().then(() => process.exit(0)));
} else {
  const child = fork(fileURLToPath(import.meta.url), ['--serve'], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  const { url, anonKey } = await new Promise<{ url: string; anonKey: string }>((ok) => child.once('message', (m) => ok(m as never)));
  const { port } = new URL(url);

  type Kind = 'anon read' | 'signed-in read' | 'sign-up';
  const times: Record<Kind, number[]> = { 'anon read': [], 'signed-in read': [], 'sign-up': [] };
  const errors: string[] = [];

  function call(agent: Agent, method: string, path: string, headers: Record<string, string>, body?: string) {
    return new Promise<{ status: number; text: string }>((ok, fail) => {
      const req = request({ host: '127.0.0.1', port, method, path, agent, headers: { apikey: anonKey, ...headers }, timeout: TIMEOUT_MS }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => ok({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      });
      req.on('timeout', () => req.destroy(new Error('no answer within 10 s')));
      req.on('error', fail);
      req.end(body);
    });
  }

  async function timed(kind: Kind, expected: number, run: () => Promise<{ status: number; text: string }>) {
    const t0 = performance.now();
    try {
      const r = await run();
      times[kind].push(performance.now() - t0);
      if (r.status !== expected) errors.push(`${kind}: ${r.status} ${r.text.slice(0, 200)}`);
      return r;
    } catch (e) {
      errors.push(`${kind}: ${(e as Error).message}`);
      return null;
    }
  }

  let signups = 0;
  const signUp = (agent: Agent) =>
    timed('sign-up', 200, () =>
      call(
        agent,
        'POST',
        '/auth/v1/signup',
        { 'Content-Type': 'application/json' },
        JSON.stringify({ email: `load${++signups}.${Date.now()}@example.com`, password: 'load-pass-123' }),
      ),
    );

  const end = Date.now() + SECONDS * 1000;
  const t0 = Date.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, i) => {
      // Visitors arrive over the first RAMP_MS rather than all in one instant.
      await new Promise((ok) => setTimeout(ok, (i * RAMP_MS) / CLIENTS));
      const agent = new Agent({ keepAlive: true, maxSockets: 1, localAddress: `127.0.1.${i + 1}` });
      const first = await signUp(agent);
      let nextSignUp = Date.now() + SIGNUP_EVERY_MS * (0.5 + Math.random());
      const token = first ? (JSON.parse(first.text) as { access_token?: string }).access_token : undefined;
      const auth = { Authorization: `Bearer ${token}` };
      while (Date.now() < end) {
        const dice = Math.random();
        if (Date.now() >= nextSignUp) {
          nextSignUp = Date.now() + SIGNUP_EVERY_MS * (0.5 + Math.random());
          await signUp(agent);
        } else if (dice < 0.5 || !token) {
          await timed('anon read', 200, () => call(agent, 'GET', '/rest/v1/reviews?select=id,rating,title,created_at&order=created_at.desc&limit=10', {}));
        } else {
          await timed('signed-in read', 200, () => call(agent, 'GET', dice < 0.75 ? '/rest/v1/reviews?select=id,rating,title&limit=10' : '/auth/v1/user', auth));
        }
      }
      agent.destroy();
    }),
  );
  const elapsed = (Date.now() - t0) / 1000;
  child.disconnect();

  const pct = (xs: number[], p: number) => (xs.length ? xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] : NaN);
  let total = 0;
  console.log(`${CLIENTS} clients, ${elapsed.toFixed(0)} s`);
  for (const [kind, xs] of Object.entries(times)) {
    xs.sort((a, b) => a - b);
    total += xs.length;
    console.log(
      `${kind.padEnd(15)} ${String(xs.length).padStart(6)} requests  p50 ${pct(xs, 50).toFixed(1)} ms  p95 ${pct(xs, 95).toFixed(1)} ms  p99 ${pct(xs, 99).toFixed(1)} ms`,
    );
  }
  console.log(`total           ${String(total).padStart(6)} requests  ${(total / elapsed).toFixed(0)} req/s  ${errors.length} errors`);
  for (const e of errors.slice(0, 10)) console.log(`  ${e}`);
  process.exit(errors.length ? 1 : 0);
}
