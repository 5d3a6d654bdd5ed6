/**
 * The database as the migrations build it: row-level security on every table, the limits of
 * shared/rules/ mirrored exactly in SQL, the admin check, the profile trigger's
 * display-name rule, and migrations that apply to a new database and can be applied again.
 * Runs as the superuser (s.db) and, where a role matters, as anon/authenticated with PostgREST's claims.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { testStack, type TestStack, sqlOn } from '../support/stack.ts';
import { openDb, migrate, SUPABASE_DIR, type Db, type Query } from '../../supabase/local/db.ts';
import { ALT_TEXT_MAX, GALLERY_MAX_FILE_BYTES } from '../../shared/rules/gallery.ts';
import { RATING_MAX, REVIEW_CONTENT_MAX, REVIEW_MAX_FILE_BYTES, REVIEW_MIME_TYPES, REVIEW_NAME_MAX, REVIEW_SLUGS, REVIEW_TITLE_MAX } from '../../shared/rules/reviews.ts';
import { displayNameFor } from '../../shared/rules/accounts.ts';

const MIGRATIONS = join(SUPABASE_DIR, 'migrations');
/** This part's migrations (20250101000100..20250101000999): written to be re-runnable. */
const isOwnMigration = (f: string) => /^20250101000\d{3}_.+\.sql$/.test(f);
/**
 * From the Data API grants on, every migration is re-runnable too, and re-running this part's files
 * needs them after it: those files put back what the later ones changed (review_feed's old signature,
 * the old defaults' grants, a superseded index).
 */
const isRerunAfterOwn = (f: string) => f >= '20261123000100' && f.endsWith('.sql');
const AUTHOR = '5eed0000-0000-4000-8000-000000000011';

let s: TestStack;
beforeAll(async () => {
  s = await testStack();
});
afterAll(async () => {
  await s?.close();
});

const sql = sqlOn(() => s);

class Rollback extends Error {}
/** Runs statements as the superuser and rolls them back; answers 'ok' or the SQLSTATE they raised. */
async function attempt(fn: (q: Query) => Promise<unknown>): Promise<string> {
  try {
    await s.db.tx(async (q) => {
      await fn(q);
      throw new Rollback();
    });
  } catch (e) {
    if (e instanceof Rollback) return 'ok';
    return (e as { code?: string }).code ?? String(e);
  }
  return 'ok';
}

const insertReview = (fields: Record<string, unknown>) => (q: Query) => {
  const row = { user_id: AUTHOR, product_slug: 'handmade-locs', rating: 5, title: 't', content: 'c', reviewer_name: 'n', ...fields };
  const cols = Object.keys(row);
  return q(`insert into public.reviews (${cols.join(', ')}) values (${cols.map((_, i) => `$${i + 1}`).join(', ')})`, Object.values(row));
};

describe('row-level security', () => {
  it('is enabled on every table of the public schema and on storage.objects', async () => {
    const tables = await sql<{ schema: string; name: string; rls: boolean }>(
      `select n.nspname as schema, c.relname as name, c.relrowsecurity as rls
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p') and (n.nspname = 'public' or (n.nspname = 'storage' and c.relname = 'objects'))`,
    );
    expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['profiles', 'reviews', 'review_media', 'planner_gallery', 'objects']));
    expect(tables.filter((t) => !t.rls)).toEqual([]);
  });

  it('names its policies as sentences and gives each one explicit roles', async () => {
    const policies = await sql<{ tablename: string; policyname: string; roles: string[] | string }>(
      `select tablename, policyname, roles from pg_policies where schemaname in ('public', 'storage')`,
    );
    expect(policies.length).toBeGreaterThan(20);
    for (const p of policies) {
      expect(p.policyname, p.tablename).toMatch(/^[A-Z][\w'-]*( [\w'-]+)+$/);
      const roles = Array.isArray(p.roles) ? p.roles : String(p.roles).replace(/[{}]/g, '').split(',');
      expect(roles, `${p.tablename}: ${p.policyname}`).not.toContain('public');
    }
  });

  it('is_admin() trusts app_metadata only, which users cannot set, never user_metadata', async () => {
    const check = (role: string, claims: Record<string, unknown>) =>
      s.db.asRole({ role, claims }, async (q) => (await q<{ a: boolean }>('select public.is_admin() as a')).rows[0].a);
    const sub = randomUUID();
    expect(await check('authenticated', { sub, app_metadata: { role: 'admin' } })).toBe(true);
    expect(await check('authenticated', { sub, app_metadata: { role: 'editor' } })).toBe(false);
    expect(await check('authenticated', { sub, user_metadata: { role: 'admin' }, app_metadata: {} })).toBe(false);
    expect(await check('authenticated', { sub, role: 'admin' })).toBe(false);
    // Visitors may not even ask: only signed-in users (policies, admin pages) execute it.
    await expect(check('anon', {})).rejects.toMatchObject({ code: '42501' });
  });

  it('runs review_feed as the caller (security invoker), stable, executable by anon and authenticated', async () => {
    const [fn] = await sql<{ secdef: boolean; volatile: string; anon: boolean; auth: boolean }>(
      `select p.prosecdef as secdef, p.provolatile as volatile,
              has_function_privilege('anon', p.oid, 'execute') as anon,
              has_function_privilege('authenticated', p.oid, 'execute') as auth
         from pg_proc p where p.oid = 'public.review_feed(text, text, integer, boolean, integer, integer, text)'::regprocedure`,
    );
    expect(fn).toEqual({ secdef: false, volatile: 's', anon: true, auth: true });
  });

  it('indexes the approved reviews of a product in each order of the feed', async () => {
    const idx = await sql<{ name: string; def: string }>(
      `select indexname as name, indexdef as def from pg_indexes where schemaname = 'public' and indexname like 'reviews_feed_%' order by 1`,
    );
    expect(idx.map((i) => [i.name, i.def.replace(/^.* USING btree /, '')])).toEqual([
      ['reviews_feed_lowest_idx', '(product_slug, rating, created_at DESC, id DESC) WHERE is_approved'],
      ['reviews_feed_newest_idx', '(product_slug, created_at, id) WHERE is_approved'],
      ['reviews_feed_rating_idx', '(product_slug, rating, created_at, id) WHERE is_approved'],
    ]);
  });
});

describe('rules.ts and the database agree', () => {
  it('accepts a review for every slug of REVIEW_SLUGS and no other', async () => {
    for (const slug of REVIEW_SLUGS) expect(await attempt(insertReview({ product_slug: slug })), slug).toBe('ok');
    for (const slug of ['blue-mug', 'Handmade-Locs', '', 'handmade-locs ']) expect(await attempt(insertReview({ product_slug: slug })), slug).toBe('23514');
  });

  it('takes ratings 1..RATING_MAX and text up to the shared maximum lengths', async () => {
    for (let r = 1; r <= RATING_MAX; r++) expect(await attempt(insertReview({ rating: r }))).toBe('ok');
    expect(await attempt(insertReview({ rating: 0 }))).toBe('23514');
    expect(await attempt(insertReview({ rating: RATING_MAX + 1 }))).toBe('23514');
    const limits = { title: REVIEW_TITLE_MAX, content: REVIEW_CONTENT_MAX, reviewer_name: REVIEW_NAME_MAX };
    for (const [col, max] of Object.entries(limits)) {
      expect(await attempt(insertReview({ [col]: 'x'.repeat(max) })), col).toBe('ok');
      expect(await attempt(insertReview({ [col]: 'x'.repeat(max + 1) })), col).toBe('23514');
      expect(await attempt(insertReview({ [col]: ' \t ' })), col).toBe('23514');
      expect(await attempt(insertReview({ [col]: null })), col).toBe('23502');
    }
  });

  it('accepts review files of the REVIEW_MIME_TYPES up to REVIEW_MAX_FILE_BYTES', async () => {
    const [r] = await sql<{ id: string; user_id: string }>(`select id, user_id from public.reviews where product_slug = 'irie-locs' limit 1`);
    const media = (file_type: string, file_size: number) => (q: Query) =>
      q(`insert into public.review_media (review_id, file_path, file_type, file_size) values ($1, $2, $3, $4)`, [r.id, `${r.user_id}/${r.id}/x`, file_type, file_size]);
    for (const t of REVIEW_MIME_TYPES) expect(await attempt(media(t, REVIEW_MAX_FILE_BYTES)), t).toBe('ok');
    for (const t of ['image/gif', 'video/webm', 'IMAGE/PNG', 'application/pdf']) expect(await attempt(media(t, 10)), t).toBe('23514');
    expect(await attempt(media('image/png', REVIEW_MAX_FILE_BYTES + 1))).toBe('23514');
    expect(await attempt(media('image/png', 0))).toBe('23514');
  });

  it('configures the buckets as the shared limits say', async () => {
    const buckets = await sql(`select id, public, file_size_limit::text as limit, allowed_mime_types as types from storage.buckets order by id`);
    expect(buckets).toEqual([
      // The Crown Planner's files: private, read only through signed links (migration fulfilment).
      { id: 'planner-files', public: false, limit: '104857600', types: ['application/pdf', 'application/zip', 'image/png', 'image/jpeg'] },
      { id: 'planner-gallery', public: true, limit: String(GALLERY_MAX_FILE_BYTES), types: ['image/*', 'video/*'] },
      { id: 'review-media', public: true, limit: String(REVIEW_MAX_FILE_BYTES), types: [...REVIEW_MIME_TYPES] },
    ]);
  });

  it('takes gallery alt text up to ALT_TEXT_MAX', async () => {
    const item = (alt: string) => (q: Query) => q(`insert into public.planner_gallery (image_url, alt_text) values ('https://example.com/a.webp', $1)`, [alt]);
    expect(await attempt(item('x'.repeat(ALT_TEXT_MAX)))).toBe('ok');
    expect(await attempt(item('x'.repeat(ALT_TEXT_MAX + 1)))).toBe('23514');
  });
});

describe('profile of a new auth user', () => {
  /** Inserts an auth user as GoTrue would and returns the profile the trigger made. */
  async function profileFor(email: string | null, meta: Record<string, unknown>) {
    const id = randomUUID();
    await sql(`insert into auth.users (id, email, raw_user_meta_data) values ($1, $2, $3)`, [id, email, JSON.stringify(meta)]);
    const [p] = await sql<{ display_name: string; avatar_url: string | null }>('select display_name, avatar_url from public.profiles where id = $1', [id]);
    return p;
  }

  it("follows displayNameFor(): full name, else the e-mail's local part, else User", async () => {
    const cases: [string | null, Record<string, unknown>][] = [
      ['ada@example.com', { full_name: 'Ada Lovelace' }],
      ['ada2@example.com', { full_name: '  Ada  ' }],
      ['grace.hopper@example.com', {}],
      ['blank@example.com', { full_name: '   ' }],
      ['number@example.com', { full_name: 42 }],
      [null, {}],
    ];
    for (const [email, meta] of cases) {
      const p = await profileFor(email, meta);
      expect(p.display_name, JSON.stringify([email, meta])).toBe(displayNameFor({ email, user_metadata: meta }));
    }
  });

  it('never makes a sign-up fail: an over-long name is cut, an unusable avatar dropped', async () => {
    expect(await profileFor('long@example.com', { full_name: 'N'.repeat(300), avatar_url: 'javascript:alert(1)' })).toEqual({
      display_name: 'N'.repeat(80),
      avatar_url: null,
    });
    expect(await profileFor('pic@example.com', { avatar_url: 'https://cdn.example.com/p.png' })).toEqual({
      display_name: 'pic',
      avatar_url: 'https://cdn.example.com/p.png',
    });
  });

  it('keeps created_at and moves updated_at on update', async () => {
    const [before] = await sql<{ created_at: Date; updated_at: Date }>(`select created_at, updated_at from public.profiles where id = $1`, [AUTHOR]);
    // The database's clock has moved past the row's time, so the update's now() is later.
    await expect.poll(async () => (await sql<{ moved: boolean }>(`select now() > $1::timestamptz as moved`, [before.updated_at]))[0].moved).toBe(true);
    await s.db.asRole({ role: 'authenticated', claims: { sub: AUTHOR } }, (q) =>
      q(`update public.profiles set display_name = 'Amara', created_at = '2000-01-01' where id = $1`, [AUTHOR]),
    );
    const [after] = await sql<{ created_at: Date; updated_at: Date; display_name: string }>(`select created_at, updated_at, display_name from public.profiles where id = $1`, [
      AUTHOR,
    ]);
    expect(after.display_name).toBe('Amara');
    expect(new Date(after.created_at).getTime()).toBe(new Date(before.created_at).getTime());
    expect(new Date(after.updated_at).getTime()).toBeGreaterThan(new Date(before.updated_at).getTime());
  });
});

describe('migrations', () => {
  let fresh: Db;
  let dropFresh: () => Promise<void> = async () => {};
  beforeAll(async () => {
    const url = process.env.DATABASE_URL;
    if (url) {
      const name = `kyb_fresh_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
      const admin = await openDb({ databaseUrl: url });
      await admin.exec(`create database ${name}`);
      const u = new URL(url);
      u.pathname = `/${name}`;
      fresh = await openDb({ databaseUrl: u.toString() });
      dropFresh = async () => {
        await admin.exec(`drop database if exists ${name}`);
        await admin.close();
      };
    } else {
      fresh = await openDb();
    }
  });
  afterAll(async () => {
    await fresh?.close();
    await dropFresh();
  });

  /** What the migrations define, to compare before and after applying them again. */
  async function inventory(db: Db) {
    const q = async (text: string) => JSON.stringify((await db.query(text)).rows);
    return {
      policies: await q(`select schemaname, tablename, policyname, cmd, roles::text, qual, with_check from pg_policies order by 1, 2, 3`),
      triggers: await q(`select tgrelid::regclass::text as t, tgname from pg_trigger where not tgisinternal order by 1, 2`),
      functions: await q(`select p.oid::regprocedure::text as f from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public' order by 1`),
      constraints: await q(
        `select conrelid::regclass::text as t, conname, pg_get_constraintdef(oid) as d from pg_constraint where connamespace = 'public'::regnamespace order by 1, 2`,
      ),
      buckets: await q(`select id, public, file_size_limit, allowed_mime_types from storage.buckets order by id`),
      rows: await q(`select (select count(*) from auth.users)::int as users, (select count(*) from public.profiles)::int as profiles,
                            (select count(*) from public.reviews)::int as reviews, (select count(*) from public.review_media)::int as media,
                            (select count(*) from public.planner_gallery)::int as gallery, (select count(*) from storage.objects)::int as objects`),
      summaries: await q(`select * from public.review_summaries order by product_slug`),
      grants: await q(`select grantee, table_name, privilege_type from information_schema.role_table_grants where table_schema = 'public' order by 1, 2, 3`),
    };
  }

  it('build a new database (base once, every migration, the seed) and apply nothing twice', async () => {
    const files = (await readdir(MIGRATIONS)).filter((f) => f.endsWith('.sql')).sort();
    const first = await migrate(fresh);
    expect(first).toEqual({ fresh: true, applied: files });
    const before = await inventory(fresh);
    expect(JSON.parse(before.rows)[0]).toMatchObject({ users: 7, reviews: 34, gallery: 4 });
    expect(await migrate(fresh)).toEqual({ fresh: false, applied: [] });
    expect(await inventory(fresh)).toEqual(before);
  });

  it('of this part, followed by the later ones, can run again on a built database without error or change', async () => {
    const before = await inventory(fresh);
    const files = (await readdir(MIGRATIONS)).sort();
    const own = files.filter(isOwnMigration);
    expect(own.length).toBeGreaterThanOrEqual(7);
    for (const f of [...own, ...files.filter(isRerunAfterOwn)]) {
      const text = await readFile(join(MIGRATIONS, f), 'utf8');
      await expect(
        fresh.exec(`begin;\n${text}\n;commit;`).catch(async (e) => {
          await fresh.exec('rollback').catch(() => {});
          throw new Error(`${f}: ${(e as Error).message}`);
        }),
      ).resolves.toBeUndefined();
    }
    expect(await inventory(fresh)).toEqual(before);
  });

  it('keep to their timestamp range and one concern per file', async () => {
    const own = (await readdir(MIGRATIONS)).filter(isOwnMigration).sort();
    expect(own).toEqual([
      '20250101000100_admin.sql',
      '20250101000200_profiles.sql',
      '20250101000300_reviews.sql',
      '20250101000400_review_media.sql',
      '20250101000500_review_feed.sql',
      '20250101000600_planner_gallery.sql',
      '20250101000700_storage.sql',
      '20250101000800_review_media_moderation.sql',
    ]);
    // A table's row-level security lives in the file that creates it.
    for (const f of own) {
      const text = await readFile(join(MIGRATIONS, f), 'utf8');
      for (const [, table] of text.matchAll(/create table if not exists (public\.\w+)/g)) {
        expect(text, f).toContain(`alter table ${table} enable row level security;`);
      }
    }
  });
});
