/**
 * `npm test`: every suite, the type check and lint first, then one summary line.
 *
 *   1. type check (widgets, local stack, functions, tests; site with its preact JSX config; browser tests with theirs)
 *      lint        Biome over the whole tree: lint rules (a11y included) and the format check (biome.jsonc);
 *                  then the import rules of ARCHITECTURE.md (npm run lint:deps, .dependency-cruiser.cjs)
 *   2. unit            vitest, node: pricing, rules, route table, pure helpers
 *   3. backend         vitest: real supabase-js against the local stack on PGlite, for the files that test
 *                      the stack's own code (every file not in PG_FILES, and the crash files of BOTH_LEGS)
 *   4. backend (pg)    the files whose checks SQL decides (PG_FILES below, each with its reason) over a
 *                      throwaway PostgreSQL 17 cluster (DATABASE_URL), its template
 *                      database migrated by the real `supabase db push`; then `supabase db advisors`
 *                      (hosted's database linter) over that database: fails on errors, prints warnings; and
 *                      `supabase gen types` over it must match supabase/types/database.ts
 *   5. build           widgets (preact build shipped + React build) and the prerendered site
 *   6. browser         @web/test-runner: each element in real Chromium against the real stack, on the shipped
 *                      build; the React 19 build runs runtime-parity.test.ts alone (it exists to be compared)
 *   7. e2e             Playwright over the built site + local stack (over the PostgreSQL 17 cluster of step 4:
 *                      siteDatabase below): journeys, embeds, layout, HTML validity
 *   8. visual          every route and catalogued element state at 320/390/768/1280 px: layout invariants,
 *                      screenshot baselines, the route checks and axe (tests/visual; contact sheet:
 *                      test-results/visual/index.html), on the same cluster
 *   9. size            bundle budget report (prints figures; fails when the loader's budget or the reviews
 *                      first view's ceiling of the shipped build is broken: scripts/size.ts)
 *
 * The system package the suites need (Debian's chromium) is installed when missing and we are root with
 * apt-get, so a fresh machine needs only `npm install && npm test`. PostgreSQL and the Supabase CLI come
 * from npm (dev dependencies).
 * Step 3 runs beside steps 5–6 (two legs at once: "both cores" below), steps 2 and 6's React run beside
 * step 7, and step 4 beside step 8 (e2e and visual each leave part of a core idle); e2e, then visual, one
 * after the other ("one Chromium leg at a time" below). The summary lists the steps in the order they
 * started.
 * At the end: each step's time and the 10 slowest test files.
 * Flags: --only=lint,unit,backend,… to run a subset; --json=<file> also writes the summary as JSON (`npm run
 * test:time` writes test-results/test-time.json); KYB_SKIP_PG=1 skips step 4 and runs its files, e2e and
 * visual on PGlite instead (never in CI).
 */
import { spawn, spawnSync } from 'node:child_process';
import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, matchesGlob, relative } from 'node:path';
import { startCluster, type Cluster } from './pg-cluster.ts';
import { TEMPLATE_DB, advisors, buildTemplate, clusterUrl, formatAdvisories, unappliedMigrations } from './supabase-cli.ts';
import { DATABASE_TYPES, databaseTypes, isFresh } from './gen-types.ts';

const only = process.argv
  .find((a) => a.startsWith('--only='))
  ?.slice(7)
  .split(',');
const want = (step: string) => !only || only.includes(step);
const jsonOut = process.argv.find((a) => a.startsWith('--json='))?.slice(7);

interface StepResult {
  name: string;
  ok: boolean;
  passed: number;
  failed: number;
  skipped: number;
  seconds: number;
  /** CPU seconds of the commands the step ran (see cpuSeconds). */
  cpu: number;
  /** The machine's busy CPU seconds over the step's wall time, on all cores (machineBusySeconds). */
  machine: number;
}
type Counts = Omit<StepResult, 'name' | 'seconds' | 'cpu' | 'machine'>;
const results: StepResult[] = [];
/** Every test file's time, from vitest's JSON report and web-test-runner's (tests/browser/server/file-times.ts). */
const fileTimes: { step: string; file: string; seconds: number }[] = [];
/**
 * The names of the tests that failed, printed again in the summary: CI keeps only the end of the log, and a
 * failure that appears only under load must be nameable from that end alone.
 */
const failures: { step: string; name: string }[] = [];

/**
 * Two legs run side by side (see "both cores" below). One prints as it goes; the other's output is held
 * and printed whole when each of its steps ends, so neither log is cut into the other's lines.
 */
const held = new AsyncLocalStorage<{ out: string[] }>();
function write(d: string | Buffer, stream: NodeJS.WriteStream = process.stdout) {
  const lane = held.getStore();
  if (lane) lane.out.push(d.toString());
  else stream.write(d);
}
const say = (s: string) => write(`${s}\n`);

function ensureSystemPackages() {
  const missing: string[] = [];
  if (!existsSync('/usr/bin/chromium')) missing.push('chromium');
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0 || spawnSync('which', ['apt-get']).status !== 0) {
    console.error(`Missing system packages: ${missing.join(', ')}. Install them (Debian: apt-get install -y ${missing.join(' ')}).`);
    process.exit(1);
  }
  console.log(`Installing ${missing.join(', ')} from Debian's packages…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const r = spawnSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: 'inherit', env });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

/**
 * The CPU seconds a step's processes used (user + system, every descendant that was waited for): the
 * shell that starts a command reads its own children's total from /proc once the command has ended
 * (fields 16–17 of /proc/<pid>/stat, in clock ticks). A lower bound: a process whose parent ended before
 * it is reaped by init and counts for nobody (Chromium's helper processes can end so), hence the
 * machine's figure below.
 */
const TICKS_PER_SECOND = Number(spawnSync('getconf', ['CLK_TCK']).stdout?.toString().trim()) || 100;
const cpuOf = new AsyncLocalStorage<{ seconds: number }>();
const CPU_WRAPPER = 'cpu="$1"; shift; "$@"; rc=$?; cat /proc/$$/stat > "$cpu"; exit $rc';
/**
 * How busy the whole machine was (all cores, from the first line of /proc/stat: every state but idle
 * and iowait), in CPU seconds. Over a step's wall time it says whether the cores were saturated or
 * waiting; it counts anything else the machine ran meanwhile, so it is exact only on a quiet machine.
 */
function machineBusySeconds(): number {
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const idle = f[3] + (f[4] ?? 0);
  return (f.reduce((a, b) => a + b, 0) - idle) / TICKS_PER_SECOND;
}
function cpuSeconds(statFile: string): number {
  if (!existsSync(statFile)) return 0;
  return statCpu(readFileSync(statFile, 'utf8')).children;
}
/** A /proc/<pid>/stat line's CPU seconds: the process's own, and its waited-for children's. */
function statCpu(stat: string): { own: number; children: number } {
  // The command name (field 2) is in parentheses and may hold spaces: count from after it, where
  // field 3 is index 0, so utime, stime, cutime and cstime (fields 14–17) are 11 to 14.
  const f = stat
    .slice(stat.lastIndexOf(')') + 2)
    .split(' ')
    .map(Number);
  return { own: (f[11] + f[12]) / TICKS_PER_SECOND, children: (f[13] + f[14]) / TICKS_PER_SECOND };
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const statDir = mkdtempSync(join(tmpdir(), 'kyb-cpu-'));
    const statFile = join(statDir, 'stat');
    const child = spawn('sh', ['-c', CPU_WRAPPER, 'sh', statFile, cmd, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const tee = (stream: NodeJS.WriteStream) => (d: Buffer) => {
      out += d.toString();
      write(d, stream);
    };
    child.stdout.on('data', tee(process.stdout));
    child.stderr.on('data', tee(process.stderr));
    child.on('close', (code) => {
      const used = cpuOf.getStore();
      if (used) used.seconds += cpuSeconds(statFile);
      rmSync(statDir, { recursive: true, force: true });
      resolve({ code: code ?? 1, out });
    });
  });
}

function banner(s: string) {
  say(`\n━━━━ ${s} ${'━'.repeat(Math.max(0, 70 - s.length))}`);
}

async function step(name: string, fn: () => Promise<Counts>) {
  const lane = held.getStore();
  banner(lane ? `${name} (held: ran beside the other leg)` : name);
  const t0 = Date.now();
  // Listed in the order the steps start, whichever ends first.
  const result: StepResult = { name, ok: false, passed: 0, failed: 1, skipped: 0, seconds: 0, cpu: 0, machine: 0 };
  const busy0 = machineBusySeconds();
  results.push(result);
  let r: Counts;
  const used = { seconds: 0 };
  try {
    r = await cpuOf.run(used, fn);
  } catch (e) {
    write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`, process.stderr);
    r = { ok: false, passed: 0, failed: 1, skipped: 0 };
  }
  Object.assign(result, r, { seconds: (Date.now() - t0) / 1000, cpu: used.seconds, machine: machineBusySeconds() - busy0 });
  if (lane) process.stdout.write(lane.out.splice(0).join(''));
}

/**
 * Runs `a` and `b` at once; `b`'s output is held (above). For legs that share nothing: each starts its
 * own stack on a free port, its own database (a PGlite image or a throwaway cluster, both under a unique
 * temporary name) and its own Chromium, and the browser tests read a private copy of the bundle.
 */
async function beside(a: () => Promise<void>, b: () => Promise<void>) {
  await Promise.all([a(), held.run({ out: [] }, b)]);
}

const npx = (bin: string) => join('node_modules', '.bin', bin);

async function vitest(project: string, env: NodeJS.ProcessEnv = {}, files: string[] = []) {
  const dir = mkdtempSync(join(tmpdir(), 'kyb-vitest-'));
  const report = join(dir, 'report.json');
  const { code } = await run(
    npx('vitest'),
    ['run', '--config', 'tests/vitest.config.ts', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...files],
    env,
  );
  let passed = 0,
    failed = 0,
    skipped = 0;
  if (existsSync(report)) {
    const j = JSON.parse(readFileSync(report, 'utf8'));
    passed = j.numPassedTests ?? 0;
    // A file that fails before its tests run (import error, hook failure) counts once.
    failed = j.numFailedTests || j.numFailedTestSuites || 0;
    skipped = (j.numPendingTests ?? 0) + (j.numTodoTests ?? 0);
    if (j.numTotalTests === 0) failed += 1; // a suite that ran nothing proves nothing
    for (const f of j.testResults ?? []) {
      const file = relative(process.cwd(), f.name);
      const failedTests = (f.assertionResults ?? []).filter((a: { status: string }) => a.status === 'failed');
      for (const a of failedTests) failures.push({ step: project, name: `${file} › ${a.fullName}` });
      if (f.status === 'failed' && !failedTests.length) failures.push({ step: project, name: `${file}: ${String(f.message ?? '').split('\n')[0]}` });
      if (f.startTime && f.endTime) fileTimes.push({ step: project, file, seconds: (f.endTime - f.startTime) / 1000 });
    }
  } else if (code !== 0) failed = 1;
  rmSync(dir, { recursive: true, force: true });
  return { ok: code === 0 && failed === 0, passed, failed: code !== 0 && failed === 0 ? 1 : failed, skipped };
}

/** Counts from a runner that prints "N passed, N failed" (web-test-runner). */
function countsFrom(out: string) {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: strips the runner's ANSI colour codes
  const clean = out.replace(/\x1b\[[0-9;]*m/g, '');
  const all = [...clean.matchAll(/(\d+) passed, (\d+) failed(?:, (\d+) skipped)?/g)];
  const last = all.at(-1);
  return last ? { passed: Number(last[1]), failed: Number(last[2]), skipped: Number(last[3] ?? 0) } : { passed: 0, failed: 0, skipped: 0 };
}

/**
 * The PostgreSQL 17 leg runs the backend files whose checks a real server decides: the SQL the migrations
 * write (RLS, grants, constraints, functions and triggers), the SQL the stack's PostgREST writes for a
 * request, and the money paths whose rows, locks and crash-safety are PostgreSQL's. The other files test
 * the stack's own TypeScript over a database it only reads and writes plainly (GoTrue's wire answers,
 * the gateway, storage over HTTP, refusals made before any SQL, the dev inbox) or the Deno runtime
 * (`*-deno.test.ts`: the same contracts and SQL as their Node twins, under Deno): they run on PGlite.
 * Each entry is a file or a glob under tests/backend/; one that matches no file fails the leg, so a renamed
 * or missing file cannot drop out of it silently.
 *
 * Each file runs once (issue #28), on the database that decides its checks: these on PostgreSQL 17 only,
 * the rest on PGlite only. PGlite is PostgreSQL itself compiled to WebAssembly, and the stack on PGlite
 * (what `npm start` runs) still applies every migration and the seed and serves every path in the e2e
 * and visual suites; a second backend run of these files on it repeated the same SQL at about four times
 * PostgreSQL's CPU. BOTH_LEGS are the exceptions.
 */
const PG_FILES: [pattern: string, reason: string][] = [
  ['schema.test.ts', 'the migrations on a new database: RLS on every table, shared/rules limits mirrored in SQL, the profile trigger'],
  ['grants.test.ts', "the Data API's exposure: the migrations' grants to anon, authenticated and service_role"],
  ['rls-matrix.test.ts', 'row-level security, table by table and bucket by bucket, per role'],
  ['orders-rls.test.ts', "row-level security of orders and carts: a customer's own rows, an admin's"],
  ['admin-inbox.test.ts', 'migration admin_inbox: its view, column grants and the status an admin may change'],
  ['review-feed.test.ts', "review_feed and review summaries: SQL functions whose cost and order are the server's"],
  ['review-replies.test.ts', "replies to reviews: admin-only writes (RLS), the length check in SQL, the database's dates"],
  ['site-rebuild.test.ts', 'which changes ask for a site rebuild: the SQL of migration site_rebuilds'],
  ['seed.test.ts', 'seed.sql as `supabase db push --include-seed` applies it to the template'],
  ['spec-calls.test.ts', "every database call of docs/data.md, answered as hosted Supabase's server would"],
  ['rest.test.ts', "PostgREST's reads: the SQL of filters, order, ranges, counts and embedding under RLS"],
  ['rest-writes.test.ts', "PostgREST's writes and RPC: inserts, upserts, the server's constraint errors"],
  ['rest-errors.test.ts', "bad input reaching SQL: the server's error codes must map to PostgREST's 4xx"],
  ['rest-prefer.test.ts', 'Prefer: tx=rollback, count=exact/planned/estimated, missing=default: SQL transactions and statistics'],
  ['hostile-input.test.ts', "NUL characters, casts carrying SQL, deep JSON: the server's parser and types"],
  ['storage.test.ts', 'storage.objects under real row-level security'],
  ['storage-moderation.test.ts', 'moderation holds: storage policies joined to review_media'],
  ['functions.test.ts', "the project's functions in-process, each case checking what reached the database (functions-contract.ts)"],
  ['checkout*.test.ts', 'checkout: order_create, the cart and its one payable session (and a kill -9 mid-payment on a real server)'],
  ['fulfilment.test.ts', "an order's steps, admin only, one allowed step at a time; the balance payment; the review-requests job"],
  ['stripe-*.test.ts', "the local Stripe keeps its objects and webhook queue in the database (stripe-crash: on PostgreSQL too); the reconcile job's rows"],
  ['payments*.test.ts', 'every payment recorded or refunded (issue #27): order_apply_session, order_apply_refund, order_mails'],
  ['verified-purchase.test.ts', 'Verified Purchase set and cleared by triggers from the orders, refused from anyone else'],
  ['admin-refunds.test.ts', "refunds from the admin: the payment's state in SQL, refused past what is left"],
  ['*lifecycle*.test.ts', "an order's lifecycle stated once and compared with the SQL that applies it (issue #27)"],
  ['money-model.test.ts', 'the model-based money test (fast-check, fixed seed): the invariant paid − refunded over every order'],
  ['money-regressions.test.ts', "the money model's named regressions"],
  [
    'acuity-webhook.test.ts',
    "rewards (issue #31): booking_apply's newer-read guard, rewards_settle under the booking's lock, the append-only history trigger, RLS by confirmed e-mail, the stand-in's schema local_acuity",
  ],
  ['reward-codes.test.ts', "reward codes (issue #31): reward_codes_issue under the card's lock, never past the card's count, once per marker; RLS by confirmed e-mail"],
];

/**
 * Files of PG_FILES that also run on PGlite: what they prove is the local stack's own, on its own storage.
 * A `kill -9` of the `npm start` server must lose nothing on PGlite's data directory as on a real server.
 */
const BOTH_LEGS = ['checkout-crash.test.ts', 'stripe-crash.test.ts'];

const BACKEND = 'tests/backend';
const backendFiles = () => readdirSync(BACKEND).filter((f) => f.endsWith('.test.ts'));

/** The files of PG_FILES (paths for vitest), or an error naming every entry that matches nothing. */
function pgFiles(): string[] {
  const all = backendFiles().filter((f) => !f.endsWith('-deno.test.ts'));
  const unmatched = [...PG_FILES.map(([pattern]) => pattern), ...BOTH_LEGS].filter((pattern) => !all.some((f) => matchesGlob(f, pattern)));
  if (unmatched.length) throw new Error(`PG_FILES or BOTH_LEGS (scripts/test.ts) list what is not in ${BACKEND}/: ${unmatched.join(', ')}`);
  return all.filter((f) => PG_FILES.some(([pattern]) => matchesGlob(f, pattern))).map((f) => `${BACKEND}/${f}`);
}

/** The PGlite leg's files: every backend file but those only the PostgreSQL leg runs (all of them without it). */
function pgliteFiles(withPg: boolean): string[] {
  if (!withPg) return [];
  const pgOnly = new Set(pgFiles().filter((f) => !BOTH_LEGS.some((b) => f.endsWith(`/${b}`))));
  return backendFiles()
    .map((f) => `${BACKEND}/${f}`)
    .filter((f) => !pgOnly.has(f));
}

/** web-test-runner over the bundles the build step produced (KYB_SKIP_BUILD): all files, or `files`. */
async function browser(env: NodeJS.ProcessEnv, files: string[] = []) {
  const args = ['run', '--silent', 'test:browser', ...(files.length ? ['--', ...files.flatMap((f) => ['--files', f])] : [])];
  const dir = mkdtempSync(join(tmpdir(), 'kyb-wtr-'));
  const times = join(dir, 'times.json');
  const r = await run('npm', args, { KYB_BUILD: '', ...env, KYB_SKIP_BUILD: '1', KYB_WTR_TIMES: times });
  const build = env.KYB_BUILD === 'react' ? 'browser (React)' : 'browser';
  if (existsSync(times)) for (const t of JSON.parse(readFileSync(times, 'utf8'))) fileTimes.push({ step: build, ...t });
  rmSync(dir, { recursive: true, force: true });
  const c = countsFrom(r.out);
  // web-test-runner names each failed test on a line of its own, after its file's heading.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: strips the runner's ANSI colour codes
  const lines = r.out.replace(/\x1b\[[0-9;]*[A-Za-z]/g, '').split('\n');
  let file = '';
  for (const line of lines) {
    const heading = line.trim().match(/^(tests\/browser\/\S+\.test\.ts):$/);
    if (heading) file = heading[1];
    else if (line.trimStart().startsWith('❌ ')) failures.push({ step: build, name: `${file} › ${line.trimStart().slice(2).trim()}` });
  }
  const failed = r.code !== 0 && c.failed === 0 ? 1 : c.failed;
  return { ok: r.code === 0 && c.passed > 0, passed: c.passed, failed: c.passed === 0 && failed === 0 ? 1 : failed, skipped: c.skipped };
}

// npm puts node_modules/.bin first on a script's PATH, so `npm test` runs on the Node the `node` dev
// dependency installs, and every child below (tsx, vitest, vite, `npm run`) inherits that PATH. Run any
// other way on an older Node, the suites would prove nothing about the runtime the project declares.
const nodeMajor = Number(process.versions.node.split('.')[0]);
console.log(`Node ${process.version} (${process.execPath})`);
if (nodeMajor < 24) {
  console.error('npm test needs Node 24 (package.json engines): run it with `npm test` after `npm install`.');
  process.exit(1);
}
ensureSystemPackages();
const t0 = Date.now();

/**
 * One throwaway PostgreSQL 17 cluster for the run, started when a step first needs it and stopped at the
 * end: e2e, then visual beside the PostgreSQL backend leg. Its template database is built once, with the
 * real `supabase db push` (siteDatabase below), before any of them clones it.
 */
let clusterStarted: Promise<Cluster> | undefined;
const theCluster = () => (clusterStarted ??= startCluster());
/**
 * e2e and visual run the built site against the local stack over PostgreSQL 17, the server hosted
 * Supabase runs (issue #28): each file's database is a clone of the template (`create database …
 * template`), where PGlite restores a dump into WebAssembly memory, and the server's native SQL costs
 * less CPU than PGlite's (measured on three e2e files: 196 s against 228 s of CPU, everything counted).
 * The stack's own code over PGlite, what `npm start` runs, is the PGlite backend leg's. KYB_SKIP_PG=1
 * keeps them on PGlite.
 *
 * They and the PostgreSQL backend leg use it, so the template is built here once for all three, and
 * their global setups (tests/support/global-setup.ts) are told not to build it again (KYB_TEMPLATE_READY).
 */
let siteTemplate: Promise<string> | undefined;
async function siteDatabase(): Promise<NodeJS.ProcessEnv> {
  if (process.env.KYB_SKIP_PG) return {};
  const { url } = await theCluster();
  await (siteTemplate ??= buildTemplate(url));
  return { DATABASE_URL: url, KYB_TEST_IMAGE: '', KYB_TEMPLATE_READY: '1' };
}
const busyAtStart = machineBusySeconds();

if (want('typecheck')) {
  await step('type check', async () => {
    const a = await run(npx('tsc'), ['--noEmit', '-p', 'tsconfig.json']);
    const b = existsSync('site/tsconfig.json') ? await run(npx('tsc'), ['--noEmit', '-p', 'site/tsconfig.json']) : { code: 0 };
    // The browser tests run in Chromium: their own config (DOM only, mocha's globals).
    const c = await run(npx('tsc'), ['--noEmit', '-p', 'tests/browser/tsconfig.json']);
    const ok = a.code === 0 && b.code === 0 && c.code === 0;
    return { ok, passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0 };
  });
}
if (want('lint')) {
  await step('lint and format check (Biome)', async () => {
    const { code } = await run(npx('biome'), ['check', '--error-on-warnings', '.']);
    return { ok: code === 0, passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, skipped: 0 };
  }); // The same command as npm run lint's second half, so the folders it cruises are named once (package.json).
  await step('import rules (dependency-cruiser, ARCHITECTURE.md)', async () => {
    const { code } = await run('npm', ['run', '--silent', 'lint:deps']);
    return { ok: code === 0, passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, skipped: 0 };
  });
}
const withPg = want('backend-pg') && !process.env.KYB_SKIP_PG;
async function pgliteLeg() {
  // No file list: every backend file (without the PostgreSQL leg, its files run here).
  if (want('backend')) await step('backend tests (PGlite)', () => vitest('backend', {}, pgliteFiles(withPg)));
}
async function postgresLeg() {
  if (!withPg) return;
  let cluster: Cluster | undefined;
  await step('backend tests (PostgreSQL 17 server)', async () => {
    const files = pgFiles();
    say(`${files.length} files (PG_FILES in scripts/test.ts; on PGlite too: ${BOTH_LEGS.join(', ')})`);
    cluster = await theCluster();
    // Over the template siteDatabase built (e2e and visual clone it too): built once, never under a clone.
    return vitest('backend', await siteDatabase(), files);
  });
  // Over the template siteDatabase migrated with `supabase db push` (tests write only to their clones
  // of it). INFO items are only counted: on a database no query has used yet, every index
  // is reported unused.
  await step('supabase db advisors (PostgreSQL 17)', async () => {
    if (!cluster) throw new Error('no PostgreSQL cluster');
    const template = clusterUrl(cluster.url, { database: TEMPLATE_DB });
    // A push that stopped halfway leaves a database whose lint proves nothing.
    const missing = await unappliedMigrations(template);
    if (missing.length) throw new Error(`${TEMPLATE_DB} lacks migrations (did supabase db push fail?): ${missing.join(', ')}`);
    const { results, cli } = await advisors(template);
    write(cli.stderr, process.stderr);
    const count = (level: string) => results.filter((a) => a.level === level).length;
    const listed = results.filter((a) => a.level !== 'INFO');
    if (listed.length) say(formatAdvisories(listed));
    const errors = count('ERROR');
    say(`advisors: ${errors} errors, ${count('WARN')} warnings, ${count('INFO')} notices (INFO, not listed)`);
    return { ok: errors === 0, passed: errors === 0 ? 1 : 0, failed: errors, skipped: 0 };
  });
  // The checked-in Database type (supabase/types/database.ts) is what `supabase gen types` says about
  // this same migrated template: a migration without `npm run gen:types` fails here.
  await step('Database type is fresh (supabase gen types)', async () => {
    if (!cluster) throw new Error('no PostgreSQL cluster');
    const fresh = isFresh(await databaseTypes(clusterUrl(cluster.url, { database: TEMPLATE_DB })));
    if (!fresh) write(`${DATABASE_TYPES} is stale: run \`npm run gen:types\` and commit it.\n`, process.stderr);
    return { ok: fresh, passed: fresh ? 1 : 0, failed: fresh ? 0 : 1, skipped: 0 };
  });
}

async function buildAndBrowserLeg() {
  if (!(want('build') || want('browser') || want('e2e') || want('visual'))) return;
  await step('build', async () => {
    const steps: [string, string[], NodeJS.ProcessEnv][] = [
      [npx('vite'), ['build', '--config', 'vite.widgets.config.ts'], {}],
      [npx('vite'), ['build', '--config', 'vite.widgets.config.ts', '--mode', 'react'], { KYB_BUILD: 'react' }],
      [npx('tsx'), ['site/prerender.ts'], { KYB_PRERENDER_REVIEWS: 'seed' }],
    ];
    for (const [c, a, e] of steps) {
      const r = await run(c, a, e);
      if (r.code !== 0) return { ok: false, passed: 0, failed: 1, skipped: 0 };
    }
    return { ok: true, passed: 1, failed: 0, skipped: 0 };
  });
  if (!want('browser')) return;
  // One build under test: every element file runs on the shipped build. The React 19 build exists to be
  // compared with it, so it runs only what compares the two: runtime-parity.test.ts (its probe is built
  // with React's runtime: tests/browser/server/stack-plugin.ts) and the size report (step 9).
  await step('browser tests (preact build, shipped)', () => browser({}));
}
/**
 * Beside e2e (issue #28): e2e alone keeps about 1.7 of the two cores busy (it waits on pages, the stack
 * and the Stripe stand-in between its steps), and these two fill part of the rest. Where they ran before,
 * each kept a core partly idle: the unit tests 1.35 cores busy for 45 s before the legs, the React parity
 * run 1.45 for 15 s after them. Neither shares a port, a folder or a database with e2e; the parity run reads dist/, built before.
 */
async function besideE2eLeg() {
  if (want('unit')) await step('unit tests', () => vitest('unit'));
  if (want('browser')) await step('browser tests (React 19 build: runtime parity)', () => browser({ KYB_BUILD: 'react' }, ['tests/browser/runtime-parity.test.ts']));
}

// Both cores: the PGlite backend leg (two vitest workers, in-process stacks on PGlite) beside the build and
// the browser tests (vite, then one Chromium page at a time against one stack). They share no port,
// folder or database; the build writes dist/, which no backend test reads. Tried on a fresh clone and
// dropped: this leg beside e2e instead (and the unit tests beside the build and the browser tests) took
// e2e from 550 s to 786 s and the PGlite leg from 244 s to 363 s, for 134 s saved before them.
await beside(pgliteLeg, buildAndBrowserLeg);
// One Chromium leg at a time (issue #28): e2e, then visual. Two Chromium legs at once get little more from
// the two cores than one gets alone, and each makes the other's every step dearer: two e2e workers took
// 592 s and 1118 CPU-s where one took 565 s and 905. In full runs on fresh clones, side by side took 1340
// s (npm test 1899 s, the machine busy 3725 CPU-s with the install); one after the other 591 s + 806 s
// (npm test 1940 s, 3108 CPU-s). About the same time for a sixth less work, and each leg's time is its own:
// what makes one of them faster shows in the total. Alone, each keeps about 1.3–1.7 cores busy. Beside e2e
// run only the unit tests and the React parity run (besideE2eLeg), some 75 CPU-s between them.
async function e2eLeg() {
  if (want('e2e')) await step('end-to-end tests (built site + local stack)', async () => vitest('e2e', await siteDatabase()));
}
await beside(e2eLeg, besideE2eLeg);
async function visualLeg() {
  if (!want('visual')) return;
  // Layout invariants always fail the step; screenshots fail it above 15 % of pixels (tests/visual/shots.ts).
  await step('visual tests (routes and element states at 4 widths)', async () =>
    vitest('visual', { KYB_VISUAL_TOLERANCE: '0.15', KYB_VISUAL_MISSING: 'fail', ...(await siteDatabase()) }),
  );
  say('contact sheet: test-results/visual/index.html');
}
// The PostgreSQL 17 backend leg beside visual (issue #28): visual alone keeps about 1.4 of the two cores
// busy (it waits for still frames between its steps), and the leg's node and postgres fill the rest. Beside
// the build and the browser tests (step 5–6), which keep both cores busy, it only lengthened that phase.
// They share the cluster and its template, built once before either starts (siteDatabase); each file and
// each page works on a clone of its own.
if (withPg && want('visual')) await siteDatabase();
await beside(visualLeg, postgresLeg);
if (want('size') && existsSync('scripts/size.ts')) {
  await step('bundle size budget', async () => {
    const r = await run(npx('tsx'), ['scripts/size.ts']);
    return { ok: r.code === 0, passed: r.code === 0 ? 1 : 0, failed: r.code === 0 ? 0 : 1, skipped: 0 };
  });
}

await (await clusterStarted)?.stop();

banner('summary');
for (const r of results) {
  console.log(
    `${r.ok ? 'ok  ' : 'FAIL'}  ${r.name.padEnd(52)} ${String(r.passed).padStart(4)} passed ${String(r.failed).padStart(3)} failed  ${r.seconds.toFixed(0).padStart(5)}s  ${r.cpu.toFixed(0).padStart(5)}s CPU  ${(r.machine / Math.max(r.seconds, 1e-3)).toFixed(2)} cores busy`,
  );
}
const slowest = fileTimes.toSorted((a, b) => b.seconds - a.seconds).slice(0, 10);
if (slowest.length) {
  console.log('\nslowest test files:');
  for (const f of slowest) console.log(`  ${f.seconds.toFixed(1).padStart(6)}s  ${f.step.padEnd(16)} ${f.file}`);
}
if (failures.length) {
  console.log('\nfailed tests:');
  for (const f of failures.slice(0, 20)) console.log(`  ${f.step.padEnd(16)} ${f.name.slice(0, 200)}`);
  if (failures.length > 20) console.log(`  … and ${failures.length - 20} more (above)`);
}
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
const skipped = results.reduce((n, r) => n + r.skipped, 0);
const total = (Date.now() - t0) / 1000;
// Everything this run reaped, the runner included (the PostgreSQL cluster too), and the whole machine.
const self = statCpu(readFileSync('/proc/self/stat', 'utf8'));
const cpu = self.own + self.children;
const machine = machineBusySeconds() - busyAtStart;
console.log(
  `total time ${total.toFixed(0)}s; CPU of the processes reaped ${cpu.toFixed(0)}s; the machine busy ${machine.toFixed(0)}s (${(machine / total).toFixed(2)} cores on average)`,
);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
// `npm run test:time`: the same figures as JSON, for a review to compare (--json=<file>).
if (jsonOut) {
  mkdirSync(dirname(jsonOut), { recursive: true });
  writeFileSync(jsonOut, `${JSON.stringify({ totalSeconds: total, cpuSeconds: cpu, machineBusySeconds: machine, passed, failed, skipped, steps: results, slowest }, null, 2)}\n`);
  console.log(`times: ${jsonOut}`);
}
process.exit(results.every((r) => r.ok) ? 0 : 1);
