/**
 * supabase/seed.sql: the accounts it documents sign in with the documented passwords through the real
 * auth API, every review slug has a believable set of approved reviews, the media rows and storage
 * objects agree with each other and with the `-- seed-object:` list that `npm start` reads to write
 * placeholder files; the planner gallery's stored public URLs name the address the stack serves on.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { adminClient, testStack, ADMIN, type TestStack, sqlOn } from '../support/stack.ts';
import { SUPABASE_DIR } from '../../supabase/local/db.ts';
import { serve } from '../../supabase/local/server.ts';
import { REVIEW_MIME_TYPES, REVIEW_SLUGS } from '../../shared/rules/reviews.ts';
import { priceCart, priceLine } from '../../shared/cart.ts';
import { ORDER_SELECT, PAID_STATUSES, isPaid, type OrderRow } from '../../shared/orders.ts';
import { ORDER_STATUSES, type OrderStatus } from '../../shared/rules/commerce.ts';

const CUSTOMERS = ['amara.johnson', 'keisha.williams', 'tariq.brown', 'nia.campbell', 'jasmine.ebanks', 'marcus.reid'].map((n) => `${n}@example.com`);
const CUSTOMER_PASSWORD = 'kyb-customer-2025';

let s: TestStack;
beforeAll(async () => {
  s = await testStack();
});
afterAll(async () => {
  await s?.close();
});

const sql = sqlOn(() => s);

describe('seeded accounts', () => {
  it('are the admin and six customers, confirmed, shaped as GoTrue writes users, each with an e-mail identity and a profile', async () => {
    const users = await sql<Record<string, unknown>>(
      `select u.email, u.aud, u.role, u.instance_id::text, u.email_confirmed_at is not null as confirmed,
              u.raw_app_meta_data as app, u.raw_user_meta_data as meta,
              array[u.confirmation_token, u.recovery_token, u.email_change_token_new, u.email_change,
                    u.email_change_token_current, u.phone_change, u.phone_change_token, u.reauthentication_token] as tokens,
              i.provider, i.provider_id = u.id::text as provider_id_is_user, i.identity_data,
              p.display_name
         from auth.users u
         join auth.identities i on i.user_id = u.id
         join public.profiles p on p.id = u.id
        order by u.email`,
    );
    expect(users.map((u) => u.email)).toEqual([ADMIN.email, ...CUSTOMERS].sort());
    for (const u of users) {
      expect(u).toMatchObject({
        aud: 'authenticated',
        role: 'authenticated',
        instance_id: '00000000-0000-0000-0000-000000000000',
        confirmed: true,
        tokens: ['', '', '', '', '', '', '', ''],
        provider: 'email',
        provider_id_is_user: true,
        identity_data: { sub: expect.any(String), email: u.email, email_verified: true },
        display_name: (u.meta as { full_name: string }).full_name,
      });
    }
    const admin = users.find((u) => u.email === ADMIN.email)!;
    expect(admin.app).toEqual({ provider: 'email', providers: ['email'], role: 'admin' });
    expect(admin.meta).toEqual({ full_name: 'KYB Studio' });
    for (const u of users.filter((x) => x !== admin)) expect(u.app).toEqual({ provider: 'email', providers: ['email'] });
  });

  it('sign in through the auth API with the documented passwords; only the admin is admin', async () => {
    const check = async (email: string, password: string) => {
      const c = s.client();
      const { data, error } = await c.auth.signInWithPassword({ email, password });
      expect(error, email).toBeNull();
      expect(data.user!.email).toBe(email);
      const { data: isAdmin, error: rpcError } = await c.rpc('is_admin');
      expect(rpcError).toBeNull();
      return isAdmin as boolean;
    };
    expect(await check(ADMIN.email, ADMIN.password)).toBe(true);
    expect(await check(CUSTOMERS[0], CUSTOMER_PASSWORD)).toBe(false);
    // The other customers' hashes, checked the way GoTrue checks them (bcrypt), without the round trips.
    const hashes = await sql<{ email: string; ok: boolean }>(
      `select email, extensions.crypt($1, encrypted_password) = encrypted_password as ok from auth.users where email = any($2) order by email`,
      [CUSTOMER_PASSWORD, CUSTOMERS],
    );
    expect(hashes).toEqual([...CUSTOMERS].sort().map((email) => ({ email, ok: true })));
    const wrong = await s.client().auth.signInWithPassword({ email: ADMIN.email, password: CUSTOMER_PASSWORD });
    expect(wrong.error).toMatchObject({ status: 400, code: 'invalid_credentials' });
  });
});

describe('seeded reviews', () => {
  it('give every review slug 3 to 6 approved reviews, rated 3 to 5, some verified, dated in 2025, by seeded customers', async () => {
    const rows = await sql<{ product_slug: string; rating: number; is_verified_purchase: boolean; is_approved: boolean; created_at: Date; email: string; title: string }>(
      `select r.product_slug, r.rating, r.is_verified_purchase, r.is_approved, r.created_at, u.email, r.title
         from public.reviews r join auth.users u on u.id = r.user_id`,
    );
    for (const slug of REVIEW_SLUGS) {
      const approved = rows.filter((r) => r.product_slug === slug && r.is_approved);
      expect(approved.length, slug).toBeGreaterThanOrEqual(3);
      expect(approved.length, slug).toBeLessThanOrEqual(6);
      expect(new Set(approved.map((r) => new Date(r.created_at).getTime())).size, `${slug}: distinct dates`).toBe(approved.length);
    }
    expect(rows.every((r) => r.rating >= 3 && r.rating <= 5)).toBe(true);
    expect(new Set(rows.map((r) => r.rating))).toEqual(new Set([3, 4, 5]));
    expect(rows.every((r) => new Date(r.created_at).getUTCFullYear() === 2025)).toBe(true);
    expect(rows.every((r) => CUSTOMERS.includes(r.email))).toBe(true);
    const verified = rows.filter((r) => r.is_verified_purchase).length;
    expect(verified).toBeGreaterThan(0);
    expect(verified).toBeLessThan(rows.length);
    const pending = rows.filter((r) => !r.is_approved);
    expect(pending.length).toBeGreaterThanOrEqual(1);
    expect(pending.length).toBeLessThanOrEqual(2);
    expect(new Set(rows.map((r) => r.title)).size).toBe(rows.length);
  });

  it('claim a purchase exactly where a seeded paid order of the author holds the product, and none of the Coming Soon kit', async () => {
    // What the database computes for any review it is sent (migration verified_purchase), against what the seed wrote.
    const rows = await sql<{ id: string; product_slug: string; claimed: boolean; bought: boolean; order_id: string | null }>(
      `select r.id, r.product_slug, r.is_verified_purchase as claimed, private.purchased(r.user_id, r.product_slug) as bought,
              (select min(o.id::text) from public.orders o join public.order_items i on i.order_id = o.id
                where o.user_id = r.user_id and public.review_slug_of(i.product) = r.product_slug and o.status = any($1)) as order_id
         from public.reviews r order by r.id`,
      [PAID_STATUSES],
    );
    expect(rows.filter((r) => r.claimed !== r.bought).map((r) => r.id)).toEqual([]);
    for (const r of rows.filter((x) => x.claimed)) expect(r.order_id, `${r.id}: its seeded paid order`).toMatch(/^5eed0006-/);
    expect(rows.filter((r) => r.product_slug === 'diy-kit' && r.claimed)).toEqual([]);
    expect(rows.filter((r) => r.product_slug === 'holistic-haircare' && r.claimed)).toEqual([]);
  });

  it('are what a visitor reads per slug, approved only', async () => {
    const anon = s.client();
    for (const slug of REVIEW_SLUGS) {
      const { data, error } = await anon.from('reviews').select('id').eq('product_slug', slug);
      expect(error).toBeNull();
      const [{ n }] = await sql<{ n: number }>('select count(*)::int as n from public.reviews where product_slug = $1 and is_approved', [slug]);
      expect(data, slug).toHaveLength(n);
    }
  });
});

/** An order's lines (by position) are named and priced as checkout prices them (shared/cart.ts). */
type Line = Pick<OrderRow['order_items'][number], 'product' | 'quantity' | 'name' | 'options' | 'unit_cents' | 'line_cents' | 'due_at_checkout_cents' | 'digital'>;
function expectLinesPriced(number: number | null, items: Line[], rows: { configuration: Record<string, unknown> }[]) {
  items.forEach((i, n) => {
    const p = priceLine({ product: i.product, configuration: rows[n].configuration, quantity: i.quantity });
    expect({ name: i.name, options: i.options, unit: i.unit_cents, line: i.line_cents, due: i.due_at_checkout_cents, digital: i.digital }, `KYB-${number} line ${n}`).toEqual({
      name: p.name,
      options: p.options,
      unit: p.unitCents,
      line: p.lineCents,
      due: p.dueNowCents,
      digital: p.digital,
    });
  });
}

describe('seeded orders', () => {
  it('give Amara Johnson one order in each state a customer meets, newest first, priced as checkout prices them, readable by her alone', async () => {
    const amara = s.client();
    expect((await amara.auth.signInWithPassword({ email: CUSTOMERS[0], password: CUSTOMER_PASSWORD })).error).toBeNull();
    const { data, error } = await amara.from('orders').select(ORDER_SELECT).order('created_at', { ascending: false });
    expect(error).toBeNull();
    expect(data!.map((o) => o.status)).toEqual(['shipped', 'pending', 'processing', 'deposit_paid', 'payment_failed', 'expired', 'paid', 'refunded']);
    // Numbered once paid (or processing): the unpaid ones have none (migration checkout_carts).
    expect(data!.map((o) => o.number)).toEqual([1018, null, 1004, 1002, null, null, 1001, 1007]);
    for (const o of data!) {
      const items = [...o.order_items].sort((a, b) => a.position - b.position);
      const rows = await sql<{ configuration: Record<string, unknown> }>(`select configuration from public.order_items where order_id = $1 order by position`, [o.id]);
      const cart = priceCart(items.map((i, n) => ({ product: i.product, configuration: rows[n].configuration, quantity: i.quantity })));
      expect({ subtotal: o.subtotal_cents, shipping: o.shipping_cents, total: o.total_cents, due: o.due_at_checkout_cents, ship: o.needs_shipping }, `KYB-${o.number}`).toEqual({
        subtotal: cart.subtotalCents,
        shipping: cart.shippingCents,
        total: cart.totalCents,
        due: cart.dueNowCents,
        ship: cart.needsShipping,
      });
      expectLinesPriced(o.number, items, rows);
      expect(o.order_events.length, `KYB-${o.number} has a history`).toBeGreaterThan(0);
      expect(o.order_payments).toHaveLength(1);
    }
    const deposit = data!.find((o) => o.status === 'deposit_paid')!;
    expect({ paid: deposit.paid_cents, balance: deposit.balance_due_cents }).toEqual({ paid: 19800, balance: 19700 });
    const refunded = data!.find((o) => o.status === 'refunded')!;
    expect({ refunded: refunded.refunded_cents, balance: refunded.balance_due_cents }).toEqual({ refunded: 1300, balance: 0 });
    // Another customer sees her own order only (the purchase behind her reviews), none of Amara's.
    const keisha = s.client();
    await keisha.auth.signInWithPassword({ email: CUSTOMERS[1], password: CUSTOMER_PASSWORD });
    expect((await keisha.from('orders').select('id')).data).toEqual([{ id: '5eed0006-0000-4000-8000-000000000013' }]);
  });

  it('hold an order in every status, each priced as checkout prices it, with its payments, history and e-mails, for the admin', async () => {
    const admin = await adminClient(s);
    const { data, error } = await admin.from('orders').select(`${ORDER_SELECT}, user_id, order_mails(kind, subject_key, status)`).order('number');
    expect(error).toBeNull();
    expect(new Set(data!.map((o) => o.status))).toEqual(new Set(ORDER_STATUSES));
    expect(data!.map((o) => o.number)).toEqual([1001, 1002, 1004, 1007, 1008, 1009, 1010, 1011, 1012, 1013, 1014, 1015, 1016, 1017, 1018, null, null, null]);
    for (const o of data!) {
      const rows = await sql<{ product: string; configuration: Record<string, unknown>; quantity: number }>(
        `select product, configuration, quantity from public.order_items where order_id = $1 order by position`,
        [o.id],
      );
      const cart = priceCart(rows);
      expect({ total: o.total_cents, due: o.due_at_checkout_cents }, `KYB-${o.number}`).toEqual({ total: cart.totalCents, due: cart.dueNowCents });
      // What was paid is what its paid payments add up to, and each status has the history that led to it.
      const paid = o.order_payments.filter((p) => p.status === 'paid').reduce((n, p) => n + p.amount_cents, 0);
      expect(o.paid_cents, `KYB-${o.number} paid`).toBe(paid);
      expect([...o.order_events].sort((a, b) => a.id - b.id).at(-1)?.status, `KYB-${o.number} history ends in its status`).toBe(o.status);
      if (isPaid(o.status as OrderStatus) || o.status === 'cancelled' || o.status === 'refunded')
        expect(
          o.order_mails.map((m) => m.kind),
          `KYB-${o.number} mails`,
        ).toContain('confirmation');
    }
    // Each order priced line by line as checkout prices it, too.
    for (const o of data!) {
      const rows = await sql<{ configuration: Record<string, unknown> }>(`select configuration from public.order_items where order_id = $1 order by position`, [o.id]);
      expectLinesPriced(
        o.number,
        [...o.order_items].sort((a, b) => a.position - b.position),
        rows,
      );
    }
    const by = (status: string) => data!.find((o) => o.status === status)!;
    expect(by('ready')).toMatchObject({ balance_due_cents: 11000, balance_requested_at: expect.any(String) });
    expect(by('ready').order_mails.map((m) => m.kind)).toContain('balance_due');
    // And one ready and paid in full (KYB-1017): the order the admin's shipment form is shown with.
    expect(data!.filter((o) => o.status === 'ready' && o.balance_due_cents === 0 && o.needs_shipping).map((o) => o.number)).toEqual([1017]);
    expect(by('shipped')).toMatchObject({ carrier: 'USPS', tracking_number: expect.any(String), balance_due_cents: 0 });
    expect(
      by('shipped')
        .order_payments.map((p) => p.kind)
        .sort(),
    ).toEqual(['balance', 'deposit']);
    expect(by('delivered').order_mails).toContainEqual({ kind: 'review_request', subject_key: 'irie-locs', status: 'sent' });
    expect(by('cancelled')).toMatchObject({ user_id: null, balance_due_cents: 0 });
    // Nothing the hourly job would send again: no delivered order owes a review request, no mail failed.
    expect(await sql('select * from public.review_requests_due(7, 10)')).toEqual([]);
    expect(await sql(`select 1 from public.order_mails where status <> 'sent'`)).toEqual([]);
  });
});

describe('the seeded order paid with a reward code', () => {
  it("is Amara's KYB-1018: her code, used on it; the discount is the code's percentage of its lines; what it kept is what Stripe charged", async () => {
    const rows = await sql<{
      number: number;
      email: string;
      status: string;
      total_cents: number;
      due_at_checkout_cents: number;
      discount_cents: number;
      paid_cents: number;
      refunded_cents: number;
      balance_due_cents: number;
      code: string;
      code_email: string;
      code_status: string;
      code_order: string;
      percent_off: number;
      id: string;
    }>(
      `select o.id, o.number::int as number, o.email, o.status, o.total_cents, o.due_at_checkout_cents, o.discount_cents, o.paid_cents, o.refunded_cents,
              o.balance_due_cents, c.code, c.email as code_email, c.status as code_status, c.order_id::text as code_order, c.percent_off
         from public.orders o join public.reward_codes c on c.id = o.reward_code_id`,
    );
    expect(rows.map((o) => [o.number, o.code])).toEqual([[1018, 'KYB-5EED0000C005']]);
    const [o] = rows;
    expect({ email: o.code_email, status: o.code_status, order: o.code_order }).toEqual({ email: o.email, status: 'used', order: o.id });
    // Stripe takes the percentage off the lines paid at checkout, never the shipping.
    const [{ lines }] = await sql<{ lines: number }>('select sum(due_at_checkout_cents)::int as lines from public.order_items where order_id = $1', [o.id]);
    expect(o.discount_cents).toBe(Math.round((lines * o.percent_off) / 100));
    // Its one payment is what Stripe charged: what checkout asked less the discount, and all the order kept.
    const payments = await sql<{ amount_cents: number; refunded_cents: number; status: string }>(
      'select amount_cents, refunded_cents, status from public.order_payments where order_id = $1',
      [o.id],
    );
    expect(payments).toEqual([{ amount_cents: o.due_at_checkout_cents - o.discount_cents, refunded_cents: 0, status: 'paid' }]);
    expect(o.paid_cents - o.refunded_cents).toBe(payments[0].amount_cents - payments[0].refunded_cents);
    expect({ status: o.status, balance: o.balance_due_cents, total: o.total_cents - o.discount_cents }).toEqual({ status: 'shipped', balance: 0, total: o.paid_cents });
    // No other order has a discount, and no code is used on an order it is not tied to.
    expect(await sql('select number from public.orders where discount_cents > 0 and reward_code_id is null')).toEqual([]);
    expect(
      await sql(
        `select code from public.reward_codes c where c.status = 'used' and not exists (select 1 from public.orders o where o.id = c.order_id and o.reward_code_id = c.id)`,
      ),
    ).toEqual([]);
  });
});

describe('seeded files', () => {
  async function seedObjectLines() {
    const text = await readFile(join(SUPABASE_DIR, 'seed.sql'), 'utf8');
    return [...text.matchAll(/^-- seed-object: ([a-z0-9-]+)\/(\S+) (\S+)$/gm)].map(([, bucket, name, mimetype]) => ({ bucket, name, mimetype }));
  }

  it('list exactly the storage objects the seed registers, each of a type its bucket accepts', async () => {
    const listed = await seedObjectLines();
    const objects = await sql<{ bucket: string; name: string; mimetype: string }>(
      `select bucket_id as bucket, name, metadata ->> 'mimetype' as mimetype from storage.objects order by bucket_id, name`,
    );
    const key = (o: { bucket: string; name: string }) => `${o.bucket}/${o.name}`;
    expect([...listed].sort((a, b) => key(a).localeCompare(key(b)))).toEqual(objects);
    const buckets = await sql<{ id: string; types: string[] }>(`select id, allowed_mime_types as types from storage.buckets`);
    for (const o of objects) {
      const types = buckets.find((b) => b.id === o.bucket)!.types;
      expect(
        types.some((t) => t === o.mimetype || (t.endsWith('/*') && o.mimetype.startsWith(t.slice(0, -1)))),
        key(o),
      ).toBe(true);
    }
  });

  it("give review media rows a stored object in the author's review folder with the same type and size", async () => {
    const media = await sql<{ file_path: string; file_type: string; file_size: number; user_id: string; review_id: string; obj_type: string; obj_size: number; owner: string }>(
      `select m.file_path, m.file_type, m.file_size, r.user_id::text, r.id::text as review_id,
              o.metadata ->> 'mimetype' as obj_type, (o.metadata ->> 'size')::int as obj_size, o.owner::text
         from public.review_media m
         join public.reviews r on r.id = m.review_id
         left join storage.objects o on o.bucket_id = 'review-media' and o.name = m.file_path`,
    );
    expect(media.length).toBeGreaterThanOrEqual(3);
    for (const m of media) {
      expect(m.file_path.startsWith(`${m.user_id}/${m.review_id}/`)).toBe(true);
      expect(REVIEW_MIME_TYPES).toContain(m.file_type);
      expect(m).toMatchObject({ obj_type: m.file_type, obj_size: m.file_size, owner: m.user_id });
    }
  });

  it('give the planner gallery 3 active and 1 inactive item, each pointing at a seeded object', async () => {
    const items = await sql<{ image_url: string; display_order: number; is_active: boolean; file_type: string; alt_text: string }>(
      `select image_url, display_order, is_active, file_type, alt_text from public.planner_gallery order by display_order`,
    );
    expect(items.map((i) => [i.display_order, i.is_active])).toEqual([
      [0, true],
      [1, true],
      [2, true],
      [3, false],
    ]);
    // A path on the project's API, no address (migration stored_paths): the widgets add the backend's.
    const prefix = '/storage/v1/object/public/planner-gallery/';
    const names = (await sql<{ name: string }>(`select name from storage.objects where bucket_id = 'planner-gallery'`)).map((o) => o.name);
    for (const i of items) {
      expect(i.image_url.startsWith(prefix), i.image_url).toBe(true);
      expect(names).toContain(i.image_url.slice(prefix.length));
      expect(i.file_type).toBe('image');
      expect(i.alt_text.length).toBeGreaterThan(0);
    }
  });
});

describe('seeded media on any address', () => {
  // A new database on a free port: the seed runs for this stack, as on a fresh `npm start`.
  let served: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => {
    served = await serve({ port: 0, reviewMediaCleanupEveryMs: false });
  });
  afterAll(async () => {
    await served?.close();
  });

  it("stores the planner gallery's paths, which answer on the address any stack serves on", async () => {
    const { rows } = await served.stack.db.query<{ image_url: string }>('select image_url from public.planner_gallery order by display_order');
    expect(rows).toHaveLength(4);
    for (const { image_url } of rows) {
      expect(image_url.startsWith('/storage/v1/object/public/planner-gallery/seed/'), image_url).toBe(true);
      const res = await fetch(`${served.url}${image_url}`);
      expect(res.status, image_url).toBe(200);
      expect(res.headers.get('content-type'), image_url).toBe('image/png');
    }
  });

  it('writes no address of the stack into any row: one seeded image serves every port', async () => {
    const port = new URL(served.url).port;
    // Every text-like column of the project's tables, as text.
    const { rows: cols } = await served.stack.db.query<{ t: string; c: string }>(
      `select table_name as t, column_name as c from information_schema.columns
        where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'json', 'ARRAY')`,
    );
    const found: string[] = [];
    for (const { t, c } of cols) {
      const { rows } = await served.stack.db.query<{ n: number }>(
        `select count(*)::int as n from public."${t}" where "${c}"::text like '%127.0.0.1%' or "${c}"::text like '%:${port}%'`,
      );
      if (rows[0].n) found.push(`${t}.${c}`);
    }
    expect(found).toEqual([]);
  });
});
