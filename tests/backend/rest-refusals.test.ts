/**
 * What the local stack does not implement is refused, never answered as if it were: media types
 * PostgREST serves and this stack does not (400 PGRST127), media types PostgREST does not serve either
 * (406 PGRST107 / 400 PGRST102, PostgREST's texts), PUT, and the select features that reach past
 * plain foreign keys (computed fields and relationships, many-to-many, views, spreads; aggregates are
 * off on hosted, PGRST123). Also the status line: every answer carries its reason phrase, over HTTP and
 * in-process, so supabase-js reports `statusText: "OK"`. Fixture: tests/support/rest-fixture.ts, plus
 * the objects below.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { connect } from 'node:net';
import { createClient } from '@supabase/supabase-js';
import { anon, raw, s, service, useRestFixture } from '../support/rest-fixture.ts';
import { httpTestStack } from '../support/stack.ts';

useRestFixture();

const EXTRA = `
create function rt_label(rt_products) returns text language sql stable as $$ select $1.name || ' (' || $1.slug || ')' $$;
create function rt_reviews_of(rt_products) returns setof rt_reviews language sql stable as $$
  select * from rt_reviews where product_slug = $1.slug
$$;
create function rt_echo(text) returns text language sql immutable as $$ select $1 $$;
create table rt_bundles (id int primary key, name text not null);
create table rt_bundle_items (bundle_id int references rt_bundles(id), product_id int references rt_products(id), primary key (bundle_id, product_id));
create view rt_active_products as select * from rt_products where is_active;
grant select on rt_bundles, rt_bundle_items, rt_active_products to anon;
`;
beforeAll(async () => {
  await s.db.exec(EXTRA);
});

const notImplemented = (details: string) => ({ code: 'PGRST127', message: 'Feature not implemented', details, hint: null });

describe('Accept', () => {
  it('refuses CSV and GeoJSON answers, which PostgREST would give, with 400 PGRST127', async () => {
    const csv = await anon.from('rt_products').select('slug').csv();
    expect(csv.status).toBe(400);
    expect(csv.error).toEqual(notImplemented('text/csv responses (Accept: text/csv) are not implemented by the local stack'));
    const geo = await anon.from('rt_products').select('slug').geojson();
    expect(geo.status).toBe(400);
    expect(geo.error).toEqual(notImplemented('GeoJSON responses (Accept: application/geo+json) are not implemented by the local stack'));
    const rpc = await raw('GET', '/rpc/rt_reviews_min?p_min=1', { headers: { Accept: 'application/json;q=0.2, text/csv' } });
    expect(rpc.status).toBe(400);
    expect(rpc.json.code).toBe('PGRST127');
  });

  it('answers what PostgREST has no handler for with 406 PGRST107, naming every range sent', async () => {
    // Hosted Supabase leaves db-plan-enabled off, so explain() is not available there either.
    const plan = await anon.from('rt_products').select('slug').explain();
    expect(plan.status).toBe(406);
    expect(plan.error).toEqual({
      code: 'PGRST107',
      message: 'None of these media types are available: application/vnd.pgrst.plan+text; for="application/json"',
      details: null,
      hint: null,
    });
    const wildcard = await raw('GET', '/rt_products', { headers: { Accept: 'application/*, text/plain' } });
    expect(wildcard.status).toBe(406);
    // Listed as wai orders them: by quality, then the range with fewer wildcards first.
    expect(wildcard.json).toEqual({ code: 'PGRST107', message: 'None of these media types are available: text/plain, application/*', details: null, hint: null });
  });

  it('takes the best range it can serve, by quality', async () => {
    const json = await raw('GET', '/rt_products?select=slug&slug=eq.irie-locs', { headers: { Accept: 'text/plain, text/csv;q=0.4, application/json;q=0.5' } });
    expect(json.status).toBe(200);
    expect(json.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(json.json).toEqual([{ slug: 'irie-locs' }]);
    const object = await raw('GET', '/rt_products?select=slug,sort_key&slug=eq.crown-butter', {
      headers: { Accept: 'application/json;q=0.9, application/vnd.pgrst.object+json;nulls=stripped' },
    });
    expect(object.headers.get('content-type')).toBe('application/vnd.pgrst.object+json;nulls=stripped; charset=utf-8');
    expect(object.json).toEqual({ slug: 'crown-butter' });
  });
});

describe('Content-Type', () => {
  it('refuses the bodies PostgREST reads and this stack does not with 400 PGRST127', async () => {
    const token = s.config.serviceRoleKey;
    const csv = await raw('POST', '/rt_products', { token, headers: { 'Content-Type': 'text/csv' }, body: 'slug,name\ncsv-1,From CSV' });
    expect(csv.status).toBe(400);
    expect(csv.json).toEqual(notImplemented('CSV request bodies (Content-Type: text/csv) are not implemented by the local stack'));
    const form = await raw('POST', '/rt_products', { token, headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'slug=form-1&name=Form' });
    expect(form.json).toEqual(notImplemented('Form request bodies (Content-Type: application/x-www-form-urlencoded) are not implemented by the local stack'));
    const text = await raw('POST', '/rpc/rt_echo', { headers: { 'Content-Type': 'text/plain' }, body: 'hello' });
    expect(text.json).toEqual(notImplemented("Raw text/plain bodies for a function's single unnamed parameter are not implemented by the local stack"));
    expect((await service.from('rt_products').select('slug').in('slug', ['csv-1', 'form-1'])).data).toEqual([]);
  });

  it('answers a type PostgREST does not read either with 400 PGRST102', async () => {
    for (const type of ['application/merge-patch+json', '*/*']) {
      const r = await raw('PATCH', '/rt_products?slug=eq.irie-locs', { token: s.config.serviceRoleKey, headers: { 'Content-Type': type }, body: { name: 'x' } });
      expect(r.status).toBe(400);
      expect(r.json).toEqual({ code: 'PGRST102', message: `Content-Type not acceptable: ${type}`, details: null, hint: null });
    }
    const rpc = await raw('POST', '/rpc/rt_add', { headers: { 'Content-Type': 'application/xml' }, body: '<a>1</a>' });
    expect(rpc.json).toMatchObject({ code: 'PGRST102', message: 'Content-Type not acceptable: application/xml' });
  });
});

describe('methods and select features', () => {
  it('refuses PUT, a single-row upsert PostgREST has and this stack does not', async () => {
    const put = await raw('PUT', '/rt_products?slug=eq.irie-locs', { token: s.config.serviceRoleKey, body: { slug: 'irie-locs', name: 'Put' } });
    expect(put.status).toBe(400);
    expect(put.json).toEqual(notImplemented('PUT (a single-row upsert by primary key) is not implemented by the local stack; use POST with Prefer: resolution=merge-duplicates'));
    expect((await service.from('rt_products').select('name').eq('slug', 'irie-locs').single()).data).toEqual({ name: 'Irie Locs Oil' });
  });

  it('refuses computed fields and relationships, many-to-many and view embeds, and spreads', async () => {
    const cases: [string, string][] = [
      ['/rt_products?select=slug,rt_label', "Computed field 'rt_label' (a function of 'rt_products') is not implemented by the local stack"],
      ['/rt_products?select=slug&rt_label=eq.x', "Computed field 'rt_label' (a function of 'rt_products') is not implemented by the local stack"],
      ['/rt_products?select=slug,rt_reviews_of(title)', "Computed relationship 'rt_reviews_of' (a function of 'rt_products') is not implemented by the local stack"],
      ['/rt_bundles?select=name,rt_products(slug)', "Many-to-many embedding of 'rt_products' in 'rt_bundles' through 'rt_bundle_items' is not implemented by the local stack"],
      ['/rt_reviews?select=title,rt_active_products(name)', "Embedding 'rt_active_products' in 'rt_reviews' through a view's keys is not implemented by the local stack"],
      ['/rt_reviews?select=title,...rt_products(name)', 'Spread embedding (...relation) is not implemented by the local stack'],
    ];
    for (const [path, details] of cases) {
      const r = await raw('GET', path);
      expect({ path, status: r.status, body: r.json }).toEqual({ path, status: 400, body: notImplemented(details) });
    }
    const agg = await anon.from('rt_reviews').select('rating.avg()');
    expect(agg.error).toEqual({ code: 'PGRST123', message: 'Use of aggregate functions is not allowed', details: null, hint: null });
    // A plain unknown column is still Postgres' own answer, as PostgREST gives it.
    const unknown = await raw('GET', '/rt_products?select=slug,nope');
    expect(unknown.json).toMatchObject({ code: '42703', message: 'column rt_products.nope does not exist' });
  });
});

describe('reason phrase', () => {
  let h: Awaited<ReturnType<typeof httpTestStack>>;
  beforeAll(async () => {
    h = await httpTestStack();
    await h.stack.db.exec(`create table rt_phrases (id serial primary key, note text);
      grant select, insert, update on rt_phrases to anon; grant usage on all sequences in schema public to anon;`);
  });
  afterAll(async () => {
    await h?.close();
  });

  /** The first line of the raw answer, as the server wrote it. */
  function statusLine(method: string, path: string, headers: Record<string, string> = {}): Promise<string> {
    const { port } = new URL(h.url);
    return new Promise((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1');
      let data = '';
      socket.on('data', (d) => {
        data += d.toString('latin1');
        const end = data.indexOf('\r\n');
        if (end >= 0) {
          socket.destroy();
          resolve(data.slice(0, end));
        }
      });
      socket.on('error', reject);
      const lines = [
        `${method} ${path} HTTP/1.1`,
        'Host: 127.0.0.1',
        `apikey: ${h.stack.config.anonKey}`,
        'Connection: close',
        ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
      ];
      socket.write(`${lines.join('\r\n')}\r\n\r\n`);
    });
  }

  it('is written on the status line of every service', async () => {
    expect(await statusLine('GET', '/rest/v1/rt_phrases')).toBe('HTTP/1.1 200 OK');
    expect(await statusLine('GET', '/rest/v1/rt_nope')).toBe('HTTP/1.1 404 Not Found');
    expect(await statusLine('GET', '/rest/v1/rt_phrases', { Accept: 'application/xml' })).toBe('HTTP/1.1 406 Not Acceptable');
    expect(await statusLine('OPTIONS', '/rest/v1/rt_phrases', { Origin: 'http://x.test', 'Access-Control-Request-Method': 'POST' })).toBe('HTTP/1.1 204 No Content');
    expect(await statusLine('GET', '/auth/v1/settings')).toBe('HTTP/1.1 200 OK');
    expect(await statusLine('GET', '/auth/v1/user')).toBe('HTTP/1.1 401 Unauthorized');
    expect(await statusLine('GET', '/storage/v1/object/public/nope/x.png')).toBe('HTTP/1.1 400 Bad Request');
    expect(await statusLine('GET', '/nowhere')).toBe('HTTP/1.1 404 Not Found');
  });

  it('reaches supabase-js as statusText, over HTTP and in-process', async () => {
    const overHttp = createClient(h.url, h.stack.config.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
    const read = await overHttp.from('rt_phrases').select('id');
    expect([read.status, read.statusText]).toEqual([200, 'OK']);
    const created = await overHttp.from('rt_phrases').insert({ note: 'hi' });
    expect([created.status, created.statusText]).toEqual([201, 'Created']);
    const updated = await overHttp.from('rt_phrases').update({ note: 'ho' }).eq('note', 'hi');
    expect([updated.status, updated.statusText]).toEqual([204, 'No Content']);
    const missing = await overHttp.from('rt_nope').select('id');
    expect([missing.status, missing.statusText]).toEqual([404, 'Not Found']);

    const inProcess = await anon.from('rt_products').select('slug').limit(1);
    expect([inProcess.status, inProcess.statusText]).toEqual([200, 'OK']);
  });
});
