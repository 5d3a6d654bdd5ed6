/**
 * The business's half of an order (issue #21; docs/commerce.md#fulfilment), in the local stack's Node
 * runtime with the local Stripe: only admins move an order, one allowed step at a time (no shipment
 * without its tracking number, none while a balance is due); the balance is asked for by e-mail with the
 * order page's link and paid through a fresh Checkout Session; the planner's files are handed out as
 * short-lived signed links and closed by a refund; reviews are "Verified Purchase" because of the orders;
 * the review-requests job asks once per product, however often it runs. The deployed entry points are
 * type-checked under Deno in functions-deno.test.ts; the checkout and webhook paths they share are held
 * to the same contract in both runtimes in checkout-contract.ts.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import { adminClient, invokeFunction, signedInClient, testStack, type TestClient, type TestStack } from '../support/stack.ts';
import { stripeClient } from '../support/stripe.ts';
import type { CartLine } from '../../shared/cart.ts';
import { DOWNLOAD_LINK_SECONDS } from '../../shared/rules/commerce.ts';
import { historyNote, type OrderEvent } from '../../shared/orders.ts';

const JAH: CartLine = { product: 'jah-locs', configuration: { length: '24-26', size: 'MD', color: 'multi-tone', quantity: 40 }, quantity: 1 };
const PLANNER: CartLine = { product: 'crown-planner', configuration: { tier: 'bundle' }, quantity: 1 };

let s: TestStack;
let sdk: Stripe;
let admin: TestClient;
const sql = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) => (await s.db.query<T>(text, params)).rows;
const ip = () => `10.8.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

const invoke = (name: string, body: unknown, client: TestClient = s.client(), headers: Record<string, string> = {}) =>
  invokeFunction(client, name, body, { 'x-real-ip': ip(), ...headers });
const mails = async (to: string) =>
  sql<{ subject: string; text: string; html: string | null }>('select subject, text, html from local_inbox.mails where to_address = $1 order by seq', [to]);

/** Checks out `lines` (as `client`), pays with a test card as `email`, and waits for the webhook. */
async function paidOrder(lines: CartLine[], email: string, client?: TestClient) {
  const r = await invoke('checkout', { cart: randomUUID(), lines }, client);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const sessionId = String(r.body.url).split('/').pop()!;
  await s.stripe.pay(sessionId, { card: '4242424242424242', email, name: 'Ama Mensah' });
  await s.stripe.idle();
  const [{ order_id: id }] = await sql<{ order_id: string }>('select order_id from public.order_payments where checkout_session_id = $1', [sessionId]);
  const [{ access_token: token }] = await sql<{ access_token: string }>('select access_token from public.orders where id = $1', [id]);
  return { id, token, sessionId };
}
const move = (order: string, status: string, extra: Record<string, string> = {}, client = admin) => invoke('admin-orders', { order, status, ...extra }, client);
const orderRow = async (id: string) =>
  (
    await sql<{ status: string; paid_cents: number; balance_due_cents: number; carrier: string | null; tracking_number: string | null }>(
      'select status, paid_cents, balance_due_cents, carrier, tracking_number from public.orders where id = $1',
      [id],
    )
  )[0];

beforeAll(async () => {
  s = await testStack({ autoconfirm: true, siteUrl: 'https://shop.example' });
  sdk = stripeClient(s.config, s.fetch);
  admin = await adminClient(s);
});
afterAll(() => s?.close());

describe('admin-orders: one allowed step at a time, by admins only', () => {
  it('takes a deposit order through production, the balance, shipment and delivery', async () => {
    const email = `jah${randomUUID().slice(0, 6)}@example.com`;
    const { id, token } = await paidOrder([JAH], email);
    expect(await orderRow(id)).toMatchObject({ status: 'deposit_paid', paid_cents: 19_800, balance_due_cents: 19_700 });

    // Not a step this order allows yet.
    expect(await move(id, 'shipped', { carrier: 'USPS', tracking: '9400100000000000000000' })).toMatchObject({ status: 409 });
    expect((await move(id, 'in_production')).status).toBe(200);
    const ready = await move(id, 'ready');
    expect(ready).toMatchObject({ status: 200, body: { mailed: true, order: { status: 'ready', balance_due_cents: 19_700 } } });
    // The balance is asked for with the order page's link, never a Checkout Session's (sessions expire).
    const [, due] = await mails(email);
    expect(due.subject).toMatch(/^Your order KYB-\d+ is ready: balance due$/);
    expect(due.text).toContain(`https://shop.example/order?token=${token}`);
    expect(due.text).not.toContain('/stripe/pay/');
    expect(due.html).toContain('Pay balance');

    const early = await move(id, 'shipped', { carrier: 'USPS', tracking: '9400100000000000000000' });
    expect(early).toEqual({ status: 409, body: { error: 'The balance of $197.00 is still due: it must be paid before the order ships' } });

    // The customer pays the balance from the e-mailed link: a fresh session for exactly what is due.
    const pay = await invoke('checkout', { balance: { token } });
    expect(pay.status).toBe(200);
    const again = await invoke('checkout', { balance: { token } });
    expect(again.body.url).toBe(pay.body.url);
    const session = await sdk.checkout.sessions.retrieve(String(pay.body.url).split('/').pop()!);
    expect(session).toMatchObject({ amount_total: 19_700, metadata: { order_id: id }, shipping_address_collection: null });
    await s.stripe.pay(session.id, { card: '4242424242424242', email });
    await s.stripe.idle();
    expect(await orderRow(id)).toMatchObject({ status: 'ready', paid_cents: 39_500, balance_due_cents: 0 });
    expect(await invoke('checkout', { balance: { token } })).toMatchObject({ status: 409, body: { error: 'Nothing is due on this order.' } });

    expect(await move(id, 'shipped', { carrier: 'USPS' })).toEqual({ status: 409, body: { error: 'A shipment needs its carrier and tracking number' } });
    const shipped = await move(id, 'shipped', { carrier: 'USPS', tracking: '9400100000000000000000' });
    expect(shipped).toMatchObject({ status: 200, body: { order: { status: 'shipped', carrier: 'USPS', tracking_number: '9400100000000000000000' } } });
    const shipMail = (await mails(email)).at(-1)!;
    expect(shipMail.subject).toMatch(/has shipped$/);
    expect(shipMail.text).toContain('https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000000');
    expect((await move(id, 'delivered')).status).toBe(200);
    expect(await move(id, 'in_production')).toMatchObject({ status: 409 });

    const history = await sql<Omit<OrderEvent, 'at'>>('select status, note, amount_cents, due_cents from public.order_events where order_id = $1 order by id', [id]);
    expect(history.map((h) => h.status)).toEqual(['pending', 'deposit_paid', 'in_production', 'ready', 'ready', 'shipped', 'delivered']);
    // The database keeps the balance asked for in cents; the screens word it (shared/orders.ts historyNote).
    expect(history[3]).toMatchObject({ note: 'balance_requested', amount_cents: 19_700 });
    expect(history.map(historyNote)).toEqual([null, null, null, 'Balance of $197.00 requested', 'Balance paid', 'USPS 9400100000000000000000', null]);
    // One of each e-mail: the confirmation, the balance due, the balance's receipt, the shipment.
    expect((await mails(email)).map((m) => m.subject.replace(/KYB-\d+/, 'KYB-n'))).toEqual([
      'Deposit received: Order KYB-n',
      'Your order KYB-n is ready: balance due',
      'Balance received: Order KYB-n',
      'Your order KYB-n has shipped',
    ]);
  });

  it('refuses a signed-out visitor, a customer and a bad request, and moves nothing', async () => {
    const email = `m${randomUUID().slice(0, 6)}@example.com`;
    const me = await signedInClient(s, email);
    const { id } = await paidOrder([PLANNER], email, me.client);
    expect(await move(id, 'delivered', {}, s.client())).toMatchObject({ status: 401 });
    expect(await move(id, 'delivered', {}, me.client)).toEqual({ status: 403, body: { error: 'Only an admin can change an order.' } });
    expect(await move(id, 'shipped-yesterday')).toMatchObject({ status: 400, body: { field: 'status' } });
    expect(await move(randomUUID(), 'delivered')).toEqual({ status: 404, body: { error: 'Order not found' } });
    expect((await orderRow(id)).status).toBe('paid');
    // A digital order is delivered by its download: no studio steps.
    expect(await move(id, 'in_production')).toMatchObject({ status: 409 });
  });

  it('lets admins read the e-mails an order sent, and nobody else', async () => {
    const email = `r${randomUUID().slice(0, 6)}@example.com`;
    const me = await signedInClient(s, email);
    const { id } = await paidOrder([PLANNER], email, me.client);
    const { data } = await admin.from('order_mails').select('kind, status').eq('order_id', id).order('kind');
    expect(data).toEqual([
      { kind: 'business', status: 'sent' },
      { kind: 'confirmation', status: 'sent' },
    ]);
    expect((await me.client.from('order_mails').select('kind').eq('order_id', id)).data).toEqual([]);
  });
});

describe('the Crown Planner: downloads', () => {
  const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37]); // %PDF-1.7

  it('hands out fresh short-lived links to the tier files, and closes them after a refund', async () => {
    for (const name of ['bundle/crown-planner.pdf', 'bundle/sticker-book.pdf', 'pdf/crown-planner.pdf']) {
      const up = await admin.storage.from('planner-files').upload(name, new File([pdf], name, { type: 'application/pdf' }), { upsert: true });
      expect(up.error).toBeNull();
    }
    const customer = await signedInClient(s);
    expect((await customer.client.storage.from('planner-files').upload('bundle/x.pdf', new File([pdf], 'x.pdf', { type: 'application/pdf' }))).error).not.toBeNull();
    expect((await customer.client.storage.from('planner-files').download('bundle/crown-planner.pdf')).error).not.toBeNull();

    const email = `dl${randomUUID().slice(0, 6)}@example.com`;
    const { token, sessionId } = await paidOrder([PLANNER], email);
    const status = await invoke('order-status', { token });
    expect(status.body.downloadable).toBe(true);
    const first = await invoke('order-status', { token, download: true });
    expect(first.body.downloads.map((d: { name: string }) => d.name)).toEqual(['crown-planner.pdf', 'sticker-book.pdf']);
    // Made at the click, good for DOWNLOAD_LINK_SECONDS.
    const claims = JSON.parse(Buffer.from(new URL(first.body.downloads[0].url).searchParams.get('token')!.split('.')[1], 'base64url').toString());
    expect(Math.abs(claims.exp - Date.now() / 1000 - DOWNLOAD_LINK_SECONDS)).toBeLessThan(5);
    const file = await s.fetch(first.body.downloads[0].url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="crown-planner.pdf"/);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(pdf);
    // The link names one file: its token opens no other.
    const other = first.body.downloads[0].url.replace('crown-planner.pdf', 'sticker-book.pdf');
    expect(await (await s.fetch(other)).json()).toMatchObject({ statusCode: '400', error: 'InvalidSignature' });
    // The e-mails carry no file link.
    expect((await mails(email)).every((m) => !m.text.includes('/object/sign/'))).toBe(true);

    const pi = (await sdk.checkout.sessions.retrieve(sessionId)).payment_intent as string;
    await sdk.refunds.create({ payment_intent: pi });
    await s.stripe.idle();
    expect(await invoke('order-status', { token, download: true })).toEqual({
      status: 403,
      body: { error: 'Downloads open once the order is paid, and close if it is refunded.' },
    });
    expect((await invoke('order-status', { token })).body).toMatchObject({ order: { status: 'refunded' }, downloadable: false });
    expect((await mails(email)).map((m) => m.subject.replace(/KYB-\d+/, 'KYB-n'))).toEqual(['Your KYB order KYB-n is confirmed', 'Refund for your order KYB-n']);
  });

  it('answers a signed-in customer their own order by id, and no one else', async () => {
    const email = `id${randomUUID().slice(0, 6)}@example.com`;
    const me = await signedInClient(s, email);
    const { id } = await paidOrder([PLANNER], email, me.client);
    expect((await invoke('order-status', { order: id }, me.client)).body.order.id).toBe(id);
    const other = await signedInClient(s);
    expect((await invoke('order-status', { order: id }, other.client)).status).toBe(404);
    expect((await invoke('order-status', { order: id })).status).toBe(404);
  });
});

describe('verified purchases', () => {
  const review = (c: TestClient, slug: string) =>
    c
      .from('reviews')
      .insert({ product_slug: slug, rating: 5, title: 'Love it', content: 'So good', reviewer_name: 'Ama', is_verified_purchase: true })
      .select('id, is_verified_purchase')
      .single();

  it('marks a buyer review verified, a non-buyer one not, whatever the client sends, and follows a refund', async () => {
    const buyer = await signedInClient(s);
    const { sessionId } = await paidOrder([PLANNER], buyer.email, buyer.client);
    const mine = await review(buyer.client, 'protective-style-planner');
    expect(mine.data?.is_verified_purchase).toBe(true);
    const notBought = await review(buyer.client, 'jah-locs');
    expect(notBought.data?.is_verified_purchase).toBe(false);
    const stranger = await signedInClient(s);
    expect((await review(stranger.client, 'protective-style-planner')).data?.is_verified_purchase).toBe(false);

    const pi = (await sdk.checkout.sessions.retrieve(sessionId)).payment_intent as string;
    await sdk.refunds.create({ payment_intent: pi });
    await s.stripe.idle();
    const [row] = await sql<{ v: boolean }>('select is_verified_purchase as v from public.reviews where id = $1', [mine.data!.id]);
    expect(row.v).toBe(false);
  });

  it('counts a guest order once its buyer signs up with the same confirmed address', async () => {
    const email = `guest${randomUUID().slice(0, 6)}@example.com`;
    const { id } = await paidOrder([PLANNER], email);
    const later = await signedInClient(s, email);
    expect((await review(later.client, 'protective-style-planner')).data?.is_verified_purchase).toBe(true);
    // Their account now lists the order they placed as a guest.
    expect((await later.client.from('orders').select('id')).data).toEqual([{ id }]);
  });
});

describe('review-requests job', () => {
  const runJob = (key = s.config.serviceRoleKey) =>
    s.fetch(`${s.url}/functions/v1/review-requests`, { method: 'POST', headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: '{}' });

  it('asks once per product, a week after delivery, even when it runs twice at once', async () => {
    const email = `rr${randomUUID().slice(0, 6)}@example.com`;
    const { id } = await paidOrder([JAH, { product: 'handmade-locs', configuration: {}, quantity: 1 }], email);
    await sql(
      `update public.orders set status = 'delivered', paid_cents = total_cents, carrier = 'UPS', tracking_number = '1Z999', delivered_at = now() - interval '6 days' where id = $1`,
      [id],
    );
    expect(await (await runJob()).json()).toMatchObject({ sent: 0 });
    await sql(`update public.orders set delivered_at = now() - interval '8 days' where id = $1`, [id]);
    const [a, b] = await Promise.all([runJob(), runJob()]);
    const sent = ((await a.json()).sent as number) + ((await b.json()).sent as number);
    expect(sent).toBe(2);
    expect(await (await runJob()).json()).toMatchObject({ sent: 0 });
    const requests = (await mails(email)).filter((m) => m.subject.startsWith('How is your'));
    expect(requests.map((m) => m.subject.replace(/KYB-\d+/, 'KYB-n')).sort()).toEqual(['How is your Handmade Faux Locs? (order KYB-n)', 'How is your Jah Locs? (order KYB-n)']);
    expect(requests.find((m) => m.subject.includes('Jah'))!.text).toContain('https://shop.example/products/jah-locs?review=write#reviews');
    const notes = await sql<{ note: string }>(`select note from public.order_events where order_id = $1 and source = 'job' order by note`, [id]);
    expect(notes.map((n) => n.note)).toEqual(['Review request sent: Handmade Faux Locs', 'Review request sent: Jah Locs']);
  });

  it('sends again an order e-mail that failed, once', async () => {
    const email = `ow${randomUUID().slice(0, 6)}@example.com`;
    s.stripe.pause();
    try {
      const r = await invoke('checkout', { cart: randomUUID(), lines: [PLANNER] });
      const sessionId = String(r.body.url).split('/').pop()!;
      await s.stripe.pay(sessionId, { card: '4242424242424242', email });
      // The e-mail API is down when the success page records the payment.
      s.config.functionEnv.EMAIL_API_URL = 'http://127.0.0.1:9/emails';
      try {
        expect((await invoke('order-status', { sessionId })).body.order.status).toBe('paid');
      } finally {
        delete s.config.functionEnv.EMAIL_API_URL;
      }
      expect(await mails(email)).toEqual([]);
      const [a, b] = await Promise.all([runJob(), runJob()]);
      expect(((await a.json()).retried as number) + ((await b.json()).retried as number)).toBeGreaterThanOrEqual(1);
      expect((await mails(email)).map((m) => m.subject)).toEqual([expect.stringMatching(/is confirmed$/)]);
    } finally {
      s.stripe.resume();
    }
    // Stripe's own delivery comes later and sends nothing more.
    await s.stripe.idle();
    expect(await mails(email)).toHaveLength(1);
  });

  it('answers only the service role key', async () => {
    expect((await runJob(s.config.anonKey)).status).toBe(401);
  });
});
