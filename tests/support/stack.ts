/**
 * Test fixtures for the local stack: each test file gets its own database, restored from one
 * prepared image (base + migrations + seed) built once per run by tests/support/global-setup.ts.
 * PGlite by default; with DATABASE_URL the same suite runs over a real PostgreSQL server, each file on
 * a fresh database cloned from a template.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../supabase/types/database.ts';
import { createStack, type Stack } from '../../supabase/local/app.ts';
import { openDb, type Db } from '../../supabase/local/db.ts';
import type { StackConfig, StackConfigOverrides } from '../../supabase/local/config.ts';
import { serve } from '../../supabase/local/server.ts';
import { ADMIN_CREDENTIALS } from '../../supabase/local/admin-credentials.ts';
import { TEMPLATE_DB } from '../../scripts/supabase-cli.ts';

/** Where the prepared image lives: one per test run (global-setup sets it), so parallel runs don't collide. */
export const imageFile = () => process.env.KYB_TEST_IMAGE ?? `/tmp/kyb-test-image-${process.ppid}.tar`;

/** The seeded admin (supabase/seed.sql). */
export const ADMIN = ADMIN_CREDENTIALS;

/**
 * A database of its own for one test file: a restore of the run's prepared image (PGlite), or a clone of
 * the template (DATABASE_URL). The backend files and the e2e fixture (tests/e2e/support/site.ts) both
 * start from it, so no file pays for the migrations and the seed's password hashes.
 */
export async function openTestDb() {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `kyb_t_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    const admin = await openDb({ databaseUrl: url });
    // Owned by postgres like the template (global-setup.ts): a clone keeps the template's content but
    // not its owner or its database-level grants.
    await admin.exec(`create database ${name} template ${TEMPLATE_DB} owner postgres`);
    await admin.close();
    const u = new URL(url);
    u.pathname = `/${name}`;
    return openDb({ databaseUrl: u.toString() });
  }
  const image = new Blob([await readFile(imageFile())]);
  return openDb({ loadDataDir: image });
}

/**
 * A prepared database that outlives a stack, for restart tests: `open()` as often as needed (one stack at
 * a time), `env` for a server process over it (supabase/local/server.ts), `drop()` at the end. A PGlite
 * data directory, or a clone of the template on the real server.
 */
export async function reopenableTestDb(): Promise<{ open(): Promise<Db>; env: Record<string, string>; drop(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `kyb_r_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    const admin = await openDb({ databaseUrl: url });
    await admin.exec(`create database ${name} template ${TEMPLATE_DB} owner postgres`);
    await admin.close();
    const u = new URL(url);
    u.pathname = `/${name}`;
    return {
      open: () => openDb({ databaseUrl: u.toString() }),
      env: { DATABASE_URL: u.toString() },
      async drop() {
        const a = await openDb({ databaseUrl: url });
        await a.exec(`drop database if exists ${name} with (force)`);
        await a.close();
      },
    };
  }
  // <base>/db, so that a server process keeps its storage beside it in <base>/storage (server.ts).
  const base = await mkdtemp(join(tmpdir(), 'kyb-reopen-'));
  const dir = join(base, 'db');
  const db = await openDb({ dataDir: dir, loadDataDir: new Blob([await readFile(imageFile())]) });
  await db.close();
  return { open: () => openDb({ dataDir: dir }), env: { DATA_DIR: dir, DATABASE_URL: '' }, drop: () => rm(base, { recursive: true, force: true }) };
}

/** Typed by the schema the migrations build (`npm run gen:types`). */
export type TestClient = SupabaseClient<Database>;

/**
 * The same client without the schema type, for tests that send on purpose what the type rejects: table
 * names taken from a catalogue, empty or foreign rows, arguments built at run time.
 */
export const untyped = (c: TestClient) => c as unknown as SupabaseClient;

export interface TestStack extends Stack {
  /** A fresh supabase-js client (no shared session) talking to the stack in-process. */
  client(opts?: { serviceRole?: boolean }): TestClient;
  url: string;
}

/** A supabase-js client with no stored session, as anon or service role, sending through `fetch`. */
export function stackClient(config: StackConfig, fetch: typeof globalThis.fetch, opts: { serviceRole?: boolean } = {}): TestClient {
  return createClient<Database>(config.publicUrl, opts.serviceRole ? config.serviceRoleKey : config.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch },
  });
}

export async function testStack(config: StackConfigOverrides = {}): Promise<TestStack> {
  const db = await openTestDb();
  const stack = await createStack({ db, config: { publicUrl: 'http://127.0.0.1:54321', ...config } });
  return Object.assign(stack, {
    url: stack.config.publicUrl,
    client: (opts: { serviceRole?: boolean } = {}) => stackClient(stack.config, stack.fetch, opts),
  });
}

/**
 * `sql\`…\``-style access to a test stack's database as its owner (no RLS), for arranging and checking
 * rows: `const sql = sqlOn(() => s)` at module level, where `s` is assigned in beforeAll.
 */
export function sqlOn(stack: () => { db: { query: Stack['db']['query'] } }) {
  return async <T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> => (await stack().db.query<T>(text, params)).rows;
}

/** The stack over real HTTP on a free port (browser and e2e tests, CORS checks). */
export async function httpTestStack(config: StackConfigOverrides = {}) {
  const db = await openTestDb();
  return serve({ db, port: 0, config });
}

/**
 * A function called as the browser calls it, through supabase-js: its status and its JSON body, whether
 * it answered 2xx or an error (supabase-js puts an error's body on `response`, not `data`).
 */
export async function invokeFunction(client: TestClient, name: string, body: unknown, headers: Record<string, string> = {}) {
  const { data, error, response } = await client.functions.invoke(name, { body: body as Record<string, unknown>, headers });
  return {
    status: response?.status ?? 0,
    body: error
      ? await response
          ?.clone()
          .json()
          .catch(() => null)
      : data,
  };
}

/** A fresh client signed in as the seeded admin (supabase/seed.sql). */
export async function adminClient(s: TestStack): Promise<TestClient> {
  const c = s.client();
  const { error } = await c.auth.signInWithPassword(ADMIN);
  if (error) throw error;
  return c;
}

/** Sign up (autoconfirmed stack) and sign in a fresh user; returns its client and id. */
export async function signedInClient(s: TestStack, email = `u${randomUUID().slice(0, 8)}@example.com`, password = 'secret-pass-1') {
  const c = s.client();
  const { data, error } = await c.auth.signUp({ email, password });
  if (error) throw error;
  if (!data.session) {
    const r = await c.auth.signInWithPassword({ email, password });
    if (r.error) throw r.error;
  }
  const { data: u } = await c.auth.getUser();
  return { client: c, id: u.user!.id, email, password };
}
