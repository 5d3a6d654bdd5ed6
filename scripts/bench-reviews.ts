/**
 * Benchmark of the product page's reviews read against the local stack (not a test).
 *
 *   npx tsx scripts/bench-reviews.ts [--seconds 10] [--clients 50]
 *
 * Starts the stack over HTTP on a free port with an in-memory database (migrations + seed), in a child
 * process so the load generator does not steal the server's event loop, warms up, then runs N
 * concurrent keep-alive clients for each read and prints p50/p95/p99 latency and requests/s.
 * Target on the 2-core dev machine: p95 ≤ 20 ms and ≥ 500 req/s for the anonymous reads (served by
 * the rest service's anon read cache); the signed-in rows show the uncached cost of the same reads.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { Agent, request } from 'node:http';
import { fileURLToPath } from 'node:url';

const SLUG = 'irie-locs';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

// ---------------------------------------------------------------- server side (child process)
async function serveForBench() {
  const { serve } = await import('../supabase/local/server.ts');
  const { signJwt } = await import('../supabase/local/jwt.ts');
  const s = await serve({ port: 0, dataDir: undefined });
  const db = s.stack.db;
  const has = async (sql: string, params: unknown[] = []) => ((await db.query<{ ok: boolean }>(sql, params)).rows[0]?.ok ?? false);

  let fixture = false;
  if (!(await has(`select to_regclass('public.reviews') is not null as ok`))) {
    fixture = true;
    await db.exec(`
      create table public.reviews (
        id uuid primary key default gen_random_uuid(),
        user_id uuid not null default auth.uid(),
        product_slug text not null,
        rating int not null check (rating between 1 and 5),
        title text, content text, reviewer_name text,
        is_verified_purchase boolean not null default false,
        is_approved boolean not null default false,
        created_at timestamptz not null default now());
      alter table public.reviews enable row level security;
      create policy "approved reviews are public" on public.reviews for select using (is_approved or user_id = auth.uid());
      create index on public.reviews (product_slug, created_at desc);`);
  }
  const approved = (await db.query<{ n: number }>(`select count(*)::int as n from public.reviews where product_slug = $1 and is_approved`, [SLUG])).rows[0].n;
  const userId = '00000000-0000-4000-8000-00000000b0b0';
  if (approved < 25) {
    // Enough rows that the read does real work: 30 approved reviews by a bench user.
    await db.query(
      `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
       values ($1, 'authenticated', 'authenticated', 'bench@kyb.local', '', now(), '{"provider":"email","providers":["email"]}', '{}')
       on conflict do nothing`,
      [userId],
    );
    const cols = (await db.query<{ c: string }>(`select column_name as c from information_schema.columns where table_schema = 'public' and table_name = 'reviews'`)).rows.map((r) => r.c);
    for (let i = 0; i < 30; i++) {
      const row: Record<string, unknown> = {
        user_id: userId,
        product_slug: SLUG,
        rating: 1 + (i % 5),
        title: `Bench review ${i}`,
        content: 'Soft, light and my locs feel moisturised all week. '.repeat(3),
        reviewer_name: `Reader ${i}`,
        is_verified_purchase: i % 2 === 0,
        is_approved: true,
        created_at: new Date(Date.now() - i * 86_400_000).toISOString(),
      };
      const keys = Object.keys(row).filter((k) => cols.includes(k));
      await db.query(
        `insert into public.reviews (${keys.map((k) => `"${k}"`).join(', ')}) values (${keys.map((_, j) => `$${j + 1}`).join(', ')})`,
        keys.map((k) => row[k]),
      );
    }
  }
  const feed = await has(`select exists(select 1 from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public' and p.proname = 'review_feed') as ok`);
  const userToken = signJwt({ sub: userId, role: 'authenticated', aud: 'authenticated', exp: Math.floor(Date.now() / 1000) + 3600 }, s.stack.config.jwtSecret);
  process.send!({ url: s.url, anonKey: s.stack.config.anonKey, userToken, feed, fixture });
  process.on('message', async (m) => {
    if (m === 'cpu') process.send!({ cpu: process.cpuUsage() });
    if (m === 'stop') {
      await s.close();
      process.exit(0);
    }
  });
}

// ---------------------------------------------------------------- load generator
interface Result {
  name: string;
  /** Server CPU time (user + system) per request: the load-independent cost. */
  cpuUsPerRequest?: number;
  requests: number;
  errors: number;
  seconds: number;
  p50: number;
  p95: number;
  p99: number;
  status: Record<number, number>;
}

function once(agent: Agent, url: URL, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, method: 'GET', headers }, (res) => {
      res.on('data', () => {});
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

async function load(name: string, url: string, headers: Record<string, string>, clients: number, seconds: number): Promise<Result> {
  const agent = new Agent({ keepAlive: true, maxSockets: clients });
  const u = new URL(url);
  // Warm-up: schema cache, query plans, the anon cache entry.
  for (let i = 0; i < 20; i++) await once(agent, u, headers);
  const latencies: number[] = [];
  const status: Record<number, number> = {};
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        try {
          const code = await once(agent, u, headers);
          status[code] = (status[code] ?? 0) + 1;
          if (code >= 400) errors++;
        } catch {
          errors++;
        }
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN;
  return { name, requests: latencies.length, errors, seconds: elapsed, p50: pct(50), p95: pct(95), p99: pct(99), status };
}

async function main() {
  const seconds = arg('seconds', 10);
  const clients = arg('clients', 50);
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), [], {
    env: { ...process.env, BENCH_ROLE: 'server' },
    execArgv: process.execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const info = await new Promise<{ url: string; anonKey: string; userToken: string; feed: boolean; fixture: boolean }>((ok, fail) => {
    child.once('message', (m) => ok(m as never));
    child.once('exit', (code) => fail(new Error(`server exited (${code})`)));
  });
  console.log(`stack at ${info.url}; reviews table: ${info.fixture ? 'bench fixture' : 'from migrations'}; review_feed: ${info.feed ? 'present' : 'absent'}`);
  console.log(`${clients} keep-alive clients, ${seconds} s per read\n`);

  const anon = { apikey: info.anonKey, Authorization: `Bearer ${info.anonKey}`, 'Accept-Profile': 'public' };
  const user = { apikey: info.anonKey, Authorization: `Bearer ${info.userToken}`, 'Accept-Profile': 'public' };
  const list = `${info.url}/rest/v1/reviews?select=*&product_slug=eq.${SLUG}&is_approved=eq.true&order=created_at.desc`;
  const feedUrl = `${info.url}/rest/v1/rpc/review_feed?p_slug=${SLUG}`;
  const runs: [string, string, Record<string, string>][] = [['reviews list (anon)', list, anon]];
  if (info.feed) runs.push(['rpc review_feed (anon)', feedUrl, anon]);
  runs.push(['reviews list (signed in, uncached)', list, user]);
  if (info.feed) runs.push(['rpc review_feed (signed in, uncached)', feedUrl, user]);

  const serverCpu = () =>
    new Promise<number>((ok) => {
      child.once('message', (m) => {
        const { user, system } = (m as { cpu: NodeJS.CpuUsage }).cpu;
        ok(user + system);
      });
      child.send('cpu');
    });
  const results: Result[] = [];
  for (const [name, url, headers] of runs) {
    const before = await serverCpu();
    const r = await load(name, url, headers, clients, seconds);
    r.cpuUsPerRequest = (await serverCpu() - before) / (r.requests + 20);
    results.push(r);
  }
  child.send('stop');

  const f = (n: number) => n.toFixed(1).padStart(7);
  console.log(
    `${'read'.padEnd(40)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p95 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'srv µs/req'.padStart(10)}  errors  statuses`,
  );
  for (const r of results) {
    console.log(
      `${r.name.padEnd(40)} ${(r.requests / r.seconds).toFixed(0).padStart(8)} ${f(r.p50)} ${f(r.p95)} ${f(r.p99)} ${(r.cpuUsPerRequest ?? NaN).toFixed(0).padStart(10)}  ${String(r.errors).padStart(6)}  ${JSON.stringify(r.status)}`,
    );
  }
  const [l1] = (await import('node:os')).loadavg();
  console.log(`\nmachine load average during the run: ${l1.toFixed(1)} on ${(await import('node:os')).cpus().length} cores (srv µs/req = server CPU per request, independent of that load)`);
  const anonRuns = results.filter((r) => r.name.includes('(anon)'));
  const ok = anonRuns.every((r) => r.p95 <= 20 && r.requests / r.seconds >= 500 && r.errors === 0);
  console.log(`\ntarget (anon reads: p95 ≤ 20 ms, ≥ 500 req/s, no errors): ${ok ? 'met' : 'NOT met'}`);
}

if (process.env.BENCH_ROLE === 'server') await serveForBench();
else await main();
