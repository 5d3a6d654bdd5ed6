/**
 * Input a hostile client sends to get past the services into the database (issue 9): JSON nested
 * thousands of levels deep, NUL characters, select lists of thousands of columns, casts carrying SQL.
 * Each is refused with a 4xx in the service's own error shape before it reaches the database, and the
 * next ordinary request still works.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { testStack, signedInClient, type TestStack } from '../support/stack.ts';
import { MAX_JSON_DEPTH } from '../../shared/http.ts';
import { FUNCTION_MESSAGES } from '../../shared/messages.ts';

const FIXTURE = `
create table hi_items (id serial primary key, name text not null, qty int not null default 0, meta jsonb);
alter table hi_items enable row level security;
grant select, insert on hi_items to anon, authenticated;
grant usage on all sequences in schema public to anon, authenticated;
create policy "items readable" on hi_items for select using (true);
create policy "items insertable" on hi_items for insert with check (true);
insert into hi_items (name, qty) values ('comb', 3), ('oil', 5);
create function hi_echo(p jsonb) returns jsonb language sql immutable as $$ select p $$;
grant execute on function hi_echo(jsonb) to anon, authenticated;
`;

let s: TestStack;

async function call(method: string, path: string, body?: string, headers: Record<string, string> = {}) {
  const res = await s.fetch(`${s.url}${path}`, {
    method,
    headers: { apikey: s.config.anonKey, Authorization: `Bearer ${s.config.anonKey}`, 'Content-Type': 'application/json', ...headers },
    body,
  });
  const text = await res.text();
  let json: Record<string, unknown> | undefined;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, text, json };
}

const nested = (depth: number, leaf = '1') => '['.repeat(depth) + leaf + ']'.repeat(depth);

/** An ordinary read after a refused request: the database still answers. */
async function stillServes() {
  const r = await call('GET', '/rest/v1/hi_items?select=name&id=lte.2&order=id');
  expect(r.status).toBe(200);
  expect(r.json).toEqual([{ name: 'comb' }, { name: 'oil' }]);
}

beforeAll(async () => {
  s = await testStack({ autoconfirm: true });
  await s.db.exec(FIXTURE);
});
afterAll(async () => {
  await s?.close();
});

describe('deeply nested JSON', () => {
  it('is refused on an rpc with 400 PGRST102, and the next query works', async () => {
    for (const depth of [8_000, 100_000]) {
      const r = await call('POST', '/rest/v1/rpc/hi_echo', `{"p": ${nested(depth)}}`);
      expect(r.status).toBe(400);
      expect(r.json).toEqual({
        code: 'PGRST102',
        message: `JSON nested deeper than ${MAX_JSON_DEPTH} levels`,
        details: null,
        hint: null,
      });
      await stillServes();
    }
  });

  it('is accepted up to the limit', async () => {
    const r = await call('POST', '/rest/v1/rpc/hi_echo', `{"p": ${nested(MAX_JSON_DEPTH - 1)}}`);
    expect(r.status).toBe(200);
  });

  it('is refused in a table insert and in a filter value', async () => {
    const insert = await call('POST', '/rest/v1/hi_items', JSON.stringify({ name: 'x', meta: JSON.parse(nested(200)) }));
    expect(insert).toMatchObject({ status: 400, json: { code: 'PGRST102' } });
    const filter = await call('GET', `/rest/v1/hi_items?meta=cs.${encodeURIComponent(nested(8_000))}`);
    expect(filter).toMatchObject({ status: 400, json: { code: 'PGRST100' } });
    const rpcGet = await call('GET', `/rest/v1/rpc/hi_echo?p=${encodeURIComponent(nested(8_000))}`);
    expect(rpcGet).toMatchObject({ status: 400, json: { code: 'PGRST100' } });
    await stillServes();
  });

  it('is refused in user metadata on PUT /auth/v1/user with a GoTrue error, and sign-in still works', async () => {
    const u = await signedInClient(s);
    const { data } = await u.client.auth.getSession();
    const deep = `{"data": {"a": ${nested(20_000)}}}`;
    const r = await call('PUT', '/auth/v1/user', deep, { Authorization: `Bearer ${data.session!.access_token}` });
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ code: 'bad_json', error_code: 'bad_json' });
    expect(String(r.json!.msg)).toContain(`nested deeper than ${MAX_JSON_DEPTH} levels`);
    const again = await s.client().auth.signInWithPassword({ email: u.email, password: u.password });
    expect(again.error).toBeNull();
    await stillServes();
  });
});

describe('NUL characters', () => {
  it('are refused in rest bodies as Postgres refuses them (400 22P05)', async () => {
    for (const [path, body] of [
      ['/rest/v1/hi_items', '{"name": "a\\u0000b"}'],
      ['/rest/v1/rpc/hi_echo', '{"p": {"k\\u0000": 1}}'],
    ]) {
      const r = await call('POST', path, body);
      expect(r.status, path).toBe(400);
      expect(r.json, path).toEqual({
        code: '22P05',
        message: 'unsupported Unicode escape sequence',
        details: '\\u0000 cannot be converted to text.',
        hint: null,
      });
    }
    // An escaped backslash followed by "u0000" is ordinary text.
    const ok = await call('POST', '/rest/v1/hi_items', '{"name": "a\\\\u0000b"}', { Prefer: 'return=representation' });
    expect(ok.status).toBe(201);
    expect(ok.json).toMatchObject([{ name: 'a\\u0000b' }]);
  });

  it('are refused in query-string values with 400', async () => {
    const r = await call('GET', '/rest/v1/hi_items?name=eq.a%00b');
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ code: '22021' });
    await stillServes();
  });

  it("are refused in a function's string field with 400", async () => {
    const r = await s.fetch(`${s.url}/functions/v1/newsletter-signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"name": "Ann\\u0000", "email": "nul@example.com", "consentGiven": true}',
    });
    expect(r.status).toBe(400);
    expect(await r.json()).toEqual({ error: FUNCTION_MESSAGES.badBody });
  });

  it('are refused in auth bodies with a GoTrue 400', async () => {
    const r = await call('POST', '/auth/v1/signup', '{"email": "nul@example.com", "password": "secret-pass-1", "data": {"n": "a\\u0000"}}');
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ code: 'bad_json', error_code: 'bad_json' });
  });
});

describe('select lists', () => {
  it('refuse thousands of columns with 400 PGRST100', async () => {
    const cols = Array.from({ length: 5_000 }, (_, i) => `c${i}`).join(',');
    const r = await call('GET', `/rest/v1/hi_items?select=${cols}`);
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ code: 'PGRST100', message: 'The select list names 5000 columns; at most 200 are allowed' });
    const deep = await call('GET', `/rest/v1/hi_items?select=${'a('.repeat(5_000)}id${')'.repeat(5_000)}`);
    expect(deep).toMatchObject({ status: 400, json: { code: 'PGRST100' } });
    await stillServes();
  });

  it('accept casts that are type names', async () => {
    const r = await call('GET', `/rest/v1/hi_items?select=${encodeURIComponent('name::text,qty::int4,q2:qty::numeric(10,2),id::text[],t:id::double precision')}&order=id&limit=1`);
    expect(r.status).toBe(400); // int[] from int: Postgres' own 42846, not a parse error
    expect(r.json).toMatchObject({ code: '42846' });
    const fine = await call('GET', `/rest/v1/hi_items?select=${encodeURIComponent('name::text,qty::int4,q2:qty::numeric(10,2),t:id::double precision')}&order=id&limit=1`);
    expect(fine.status).toBe(200);
    expect(fine.json).toEqual([{ name: 'comb', qty: 3, q2: 3, t: 1 }]);
  });

  it('refuse casts that are not type names, without echoing SQL', async () => {
    for (const cast of ['text$q$', 'text) from pg_authid --', '$a$ x', 'int4 ; select 1']) {
      const r = await call('GET', `/rest/v1/hi_items?select=${encodeURIComponent(`name::${cast}`)}`);
      expect(r.status, cast).toBe(400);
      expect(r.json, cast).toMatchObject({ code: 'PGRST100' });
      expect(r.text, cast).not.toMatch(/\bSELECT\b|FROM "|pgrst_|json_agg|CAST\(/);
    }
    await stillServes();
  });
});
