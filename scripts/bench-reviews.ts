/**
 * Benchmark of the product page's reviews read against the local stack (not a test).
 *
 *   npx tsx scripts/bench-reviews.ts [--seconds 10] [--clients 50]
 *   npx tsx scripts/bench-reviews.ts --reviews 10,100000 [--pg] [--seconds 5] [--clients 1]
 *
 * Starts the stack over HTTP on a free loopback port with an in-memory database (migrations + seed),
 * in a child process so the load generator does not steal the server's event loop, warms up, then runs
 * N concurrent keep-alive clients for each read and prints p50/p95/p99 latency and requests/s.
 * Target on the 2-core dev machine: p95 ≤ 20 ms and ≥ 500 req/s for the anonymous reads (served by
 * the rest service's anon read cache); the signed-in rows show the uncached cost of the same reads.
 *
 * `--reviews` measures how the feed's cost depends on the review count (issue 13): for each count, a
 * fresh stack whose product holds exactly that many approved reviews (added in one statement), then the
 * uncached (signed-in) feed's first page and its last page reached by cursor, and for contrast the
 * last page reached by offset. It prints each count's table and the ratio of the largest count's
 * latency to the smallest's; target: the cursor pages' p50 within 2×. One client by default, so the
 * latency is the request's own, not a queue's. With `--pg` each count runs on a throwaway PostgreSQL 17
 * cluster (scripts/pg-cluster.ts); with DATABASE_URL, on a new database of that server, dropped after.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { Agent, request } from 'node:http';
import { fileURLToPath } from 'node:url';

const SLUG = 'irie-locs';
/** The largest review count --reviews accepts: the bench stays a few minutes long. */
const MAX_REVIEWS = 1_000_000;

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

/** `--reviews 10,100000`: the review counts to compare, or none. */
function reviewCounts(): number[] {
  const i = process.argv.indexOf('--reviews');
  if (i < 0) return [];
  const counts = String(process.argv[i + 1] ?? '')
    .split(',')
    .map(Number);
  if (!counts.length || counts.some((n) => !Number.isInteger(n) || n < 1 || n > MAX_REVIEWS)) {
    throw new Error(`--reviews takes counts from 1 to ${MAX_REVIEWS}, comma-separated (got ${process.argv[i + 1]})`);
  }
  return counts;
}

// ---------------------------------------------------------------- server side (child process)
async function serveForBench() {
  const { serve } = await import('../supabase/local/server.ts');
  const { signJwt } = await import('../supabase/local/jwt.ts');
  const { openDb } = await import('../supabase/local/db.ts');
  const wanted = process.env.BENCH_REVIEWS ? Number(process.env.BENCH_REVIEWS) : null;
  // On a real server, a database of its own, dropped when the bench stops.
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (process.env.DATABASE_URL) {
    const name = `kyb_bench_${process.pid}_${Date.now()}`;
    const admin = await openDb({ databaseUrl: process.env.DATABASE_URL });
    await admin.exec(`create database ${name}`);
    const u = new URL(process.env.DATABASE_URL);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
    dropDatabase = async () => {
      await admin.exec(`drop database if exists ${name} with (force)`);
      await admin.close();
    };
  }
  const s = await serve({ port: 0, host: '127.0.0.1', dataDir: undefined, databaseUrl });
  const db = s.stack.db;
  const has = async (sql: string, params: unknown[] = []) => (await db.query<{ ok: boolean }>(sql, params)).rows[0]?.ok ?? false;

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
  const approvedNow = async () => (await db.query<{ n: number }>(`select count(*)::int as n from public.reviews where product_slug = $1 and is_approved`, [SLUG])).rows[0].n;
  const approved = await approvedNow();
  const userId = '00000000-0000-4000-8000-00000000b0b0';
  const benchUser = () =>
    db.query(
      `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
       values ($1, 'authenticated', 'authenticated', 'bench@kyb.local', '', now(), '{"provider":"email","providers":["email"]}', '{}')
       on conflict do nothing`,
      [userId],
    );
  if (wanted !== null && !fixture) {
    // Exactly `wanted` approved reviews on the product: the seed's, topped up in one statement as the
    // superuser (the triggers count them once), an hour apart going back from now.
    await benchUser();
    if (approved > wanted) {
      await db.query(`delete from public.reviews where id in (select id from public.reviews where product_slug = $1 and is_approved order by created_at limit $2)`, [
        SLUG,
        approved - wanted,
      ]);
    }
    await db.query(
      `insert into public.reviews (user_id, product_slug, rating, title, content, reviewer_name, is_verified_purchase, is_approved, created_at)
       select $1, $2, 1 + n % 5, 'Bench review ' || n, repeat('Soft, light and my locs feel moisturised all week. ', 3),
              'Reader ' || n, n % 2 = 0, true, now() - n * interval '1 hour'
       from generate_series(1, $3::int) n`,
      [userId, SLUG, Math.max(0, wanted - approved)],
    );
    await db.exec('analyze public.reviews, public.review_media, public.review_summaries');
  } else if (approved < 25) {
    // Enough rows that the read does real work: 30 approved reviews by a bench user.
    await benchUser();
    const cols = (await db.query<{ c: string }>(`select column_name as c from information_schema.columns where table_schema = 'public' and table_name = 'reviews'`)).rows.map(
      (r) => r.c,
    );
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
  process.send!({ url: s.url, anonKey: s.stack.config.anonKey, userToken, feed, fixture, approved: await approvedNow(), db: s.stack.db.kind });
  process.on('message', async (m) => {
    if (m === 'cpu') process.send!({ cpu: process.cpuUsage() });
    if (m === 'stop') {
      await s.close();
      await dropDatabase();
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

interface ServerInfo {
  url: string;
  anonKey: string;
  userToken: string;
  feed: boolean;
  fixture: boolean;
  approved: number;
  db: 'pglite' | 'postgres';
}

/** The stack in a child process; `reviews`: the approved reviews its product holds. */
async function startServer(reviews?: number) {
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), [], {
    env: { ...process.env, BENCH_ROLE: 'server', ...(reviews ? { BENCH_REVIEWS: String(reviews) } : {}) },
    execArgv: process.execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const info = await new Promise<ServerInfo>((ok, fail) => {
    child.once('message', (m) => ok(m as never));
    child.once('exit', (code) => fail(new Error(`server exited (${code})`)));
  });
  const serverCpu = () =>
    new Promise<number>((ok) => {
      child.once('message', (m) => {
        const { user, system } = (m as { cpu: NodeJS.CpuUsage }).cpu;
        ok(user + system);
      });
      child.send('cpu');
    });
  const stop = () =>
    new Promise<void>((ok) => {
      child.once('exit', () => ok());
      child.send('stop');
    });
  return { info, serverCpu, stop };
}

async function measure(runs: [string, string, Record<string, string>][], serverCpu: () => Promise<number>, clients: number, seconds: number): Promise<Result[]> {
  const results: Result[] = [];
  for (const [name, url, headers] of runs) {
    const before = await serverCpu();
    const r = await load(name, url, headers, clients, seconds);
    r.cpuUsPerRequest = ((await serverCpu()) - before) / (r.requests + 20);
    results.push(r);
  }
  return results;
}

const fmt = (n: number) => n.toFixed(1).padStart(7);

function printTable(results: Result[]) {
  console.log(`${'read'.padEnd(40)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p95 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'srv µs/req'.padStart(10)}  errors  statuses`);
  for (const r of results) {
    console.log(
      `${r.name.padEnd(40)} ${(r.requests / r.seconds).toFixed(0).padStart(8)} ${fmt(r.p50)} ${fmt(r.p95)} ${fmt(r.p99)} ${(r.cpuUsPerRequest ?? NaN).toFixed(0).padStart(10)}  ${String(r.errors).padStart(6)}  ${JSON.stringify(r.status)}`,
    );
  }
}

async function printLoad() {
  const os = await import('node:os');
  console.log(`\nmachine load average during the run: ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores (srv µs/req = server CPU per request, independent of that load)`);
}

/** One GET of the feed; its JSON. */
async function feedJson(url: string, headers: Record<string, string>): Promise<{ next_cursor: string | null; reviews: unknown[]; total: number }> {
  const res = await fetch(url, { headers });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** --reviews: the uncached feed at each review count, and the ratio of the largest count to the smallest. */
async function byReviewCount(counts: number[]) {
  const seconds = arg('seconds', 5);
  const clients = arg('clients', 1);
  let cluster: { url: string; stop(): Promise<void> } | undefined;
  if (process.argv.includes('--pg')) {
    const { startCluster } = await import('./pg-cluster.ts');
    cluster = await startCluster();
    process.env.DATABASE_URL = cluster.url;
  }
  const tables: { count: number; results: Result[] }[] = [];
  try {
    for (const count of counts) {
      const { info, serverCpu, stop } = await startServer(count);
      try {
        if (!info.feed || info.fixture) throw new Error('--reviews needs the project migrations (review_feed)');
        console.log(`\n${info.approved} approved reviews on ${SLUG}; ${info.db}; stack at ${info.url}; ${clients} client(s), ${seconds} s per read, signed in (uncached)`);
        const user = { apikey: info.anonKey, Authorization: `Bearer ${info.userToken}`, 'Accept-Profile': 'public' };
        const feed = (q: Record<string, string>) => `${info.url}/rest/v1/rpc/review_feed?${new URLSearchParams({ p_slug: SLUG, ...q })}`;
        // The last page, reached the way "Load more" reaches it (the cursor after the review before it)
        // and the old way (an offset). Finding the cursor once may be slow; measuring it is not.
        const lastStart = Math.max(0, info.approved - 10);
        const cursorAt = async (sort: string) =>
          lastStart === 0 ? null : (await feedJson(feed({ p_sort: sort, p_limit: '1', p_offset: String(lastStart - 1) }), user)).next_cursor;
        const newest = await cursorAt('newest');
        const lowest = await cursorAt('lowest');
        const runs: [string, string, Record<string, string>][] = [
          ['feed: first page', feed({}), user],
          ['feed: last page by cursor', feed(newest ? { p_after: newest } : {}), user],
          ['feed lowest: last page by cursor', feed({ p_sort: 'lowest', ...(lowest ? { p_after: lowest } : {}) }), user],
          ['feed: last page by offset', feed({ p_offset: String(lastStart) }), user],
        ];
        const results = await measure(runs, serverCpu, clients, seconds);
        printTable(results);
        tables.push({ count: info.approved, results });
      } finally {
        await stop();
      }
    }
  } finally {
    await cluster?.stop();
  }
  await printLoad();
  if (tables.length < 2) return;
  const [small, large] = [tables[0], tables[tables.length - 1]];
  console.log(
    `\n${'read'.padEnd(40)} ${`p50 @${small.count}`.padStart(12)} ${`p50 @${large.count}`.padStart(12)} ${'ratio'.padStart(7)} ${`p95 @${small.count}`.padStart(12)} ${`p95 @${large.count}`.padStart(12)} ${'ratio'.padStart(7)}`,
  );
  let met = true;
  for (const [i, a] of small.results.entries()) {
    const b = large.results[i];
    const r50 = b.p50 / a.p50;
    if (a.name.includes('cursor') || a.name.includes('first')) met &&= r50 <= 2 && a.errors + b.errors === 0;
    console.log(
      `${a.name.padEnd(40)} ${fmt(a.p50).padStart(12)} ${fmt(b.p50).padStart(12)} ${r50.toFixed(2).padStart(7)} ${fmt(a.p95).padStart(12)} ${fmt(b.p95).padStart(12)} ${(b.p95 / a.p95).toFixed(2).padStart(7)}`,
    );
  }
  console.log(`\ntarget (first page and cursor pages: p50 at ${large.count} within 2× of p50 at ${small.count}, no errors): ${met ? 'met' : 'NOT met'}`);
}

async function main() {
  const counts = reviewCounts();
  if (counts.length) return byReviewCount(counts);
  const seconds = arg('seconds', 10);
  const clients = arg('clients', 50);
  const { info, serverCpu, stop } = await startServer();
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

  const results = await measure(runs, serverCpu, clients, seconds);
  await stop();
  printTable(results);
  await printLoad();
  const anonRuns = results.filter((r) => r.name.includes('(anon)'));
  const ok = anonRuns.every((r) => r.p95 <= 20 && r.requests / r.seconds >= 500 && r.errors === 0);
  console.log(`\ntarget (anon reads: p95 ≤ 20 ms, ≥ 500 req/s, no errors): ${ok ? 'met' : 'NOT met'}`);
}

if (process.env.BENCH_ROLE === 'server') await serveForBench();
else await main();
