/**
 * The local Stripe stand-in (README.md beside this file): created once per stack (app.ts), it answers
 * `/v1/*` (the API, api.ts) and `/stripe/*` (the hosted checkout page, a dashboard and the test
 * controls), runs the webhook queue (webhooks.ts), and offers the same test controls to in-process
 * tests as methods.
 *
 * Test controls (local only; JSON in and out; a POST must say `Content-Type: application/json`, which a
 * cross-site form cannot):
 *   POST /stripe/_test/sessions/:id/pay              {card?|bank_account?, email?, name?, shipping?, shipping_rate?}
 *   POST /stripe/_test/payment_intents/:id/settle    {outcome?: 'succeeded' | 'failed'}
 *   POST /stripe/_test/sessions/expire_due           {at?: unix seconds}  (expires open sessions due by then)
 *   POST /stripe/_test/events/:id/redeliver          {times?: n}  (n deliveries at once, not retried)
 *   POST /stripe/_test/events/:id/deliver            (its pending delivery, now, even while paused)
 *   POST /stripe/_test/queue/pause | /queue/resume
 *   POST /stripe/_test/idle                          (waits until the queue is drained)
 *   GET  /stripe/_test/sessions/:id/events           (events with their deliveries and attempts)
 *
 * Pages: /stripe (recent sessions), /stripe/sessions/:id (a session's events), /stripe/payments/:pi (a
 * payment with its charges, refunds and session: where the admin's "View in Stripe" points locally).
 */
import type { StackContext } from '../http.ts';
import { json, readBody } from '../http.ts';
import { handleApi } from './api.ts';
import { StripeError, errorJson } from './errors.ts';
import { TEST_ROUTING_NUMBER, dueForExpiry, expireSession, pay, sessionEvents, settle, type FlowEnv, type PayInput, type PayResult } from './flows.ts';
import type { Charge, PaymentIntent, Refund, Session, SessionPrivate } from './objects.ts';
import { PAGE_HEADERS, checkoutPage, dashboardPage, noticePage, paymentPage, sessionPage, type EventRecord, type FormValues } from './pages.ts';
import { SCHEMA, bySession, ensureSchema, load, recent } from './store.ts';
import { Scheduler, type Attempt, type Delivery } from './webhooks.ts';
import type { StripeStandIn, TestPayment } from './stand-in.ts';

export type { EventRecord, PayResult };

const DEFAULT_ADDRESS = { line1: '1 Test Street', line2: null, city: 'Atlanta', state: 'GA', postal_code: '30303', country: 'US' };

export async function createStripeStandIn(ctx: StackContext): Promise<StripeStandIn> {
  await ensureSchema(ctx.db);
  // A stack's own URLs are reached in-process (an in-process test stack listens nowhere).
  const fetchFor = (url: string) => (url.startsWith(`${ctx.config.publicUrl}/`) ? ctx.selfFetch : fetch);
  const env: FlowEnv = {
    get config() {
      return ctx.config.stripe;
    },
    get publicUrl() {
      return ctx.config.publicUrl;
    },
  };
  const scheduler = new Scheduler(ctx.db, env, fetchFor);
  await scheduler.start();
  const apiCtx = { db: ctx.db, env, committed: () => scheduler.kick() };

  const loadSession = async (id: string) => {
    const row = await load<Session>(ctx.db.query, id, 'checkout.session');
    return row ? { session: row.data, priv: row.private as SessionPrivate } : null;
  };

  async function payAndKick(sessionId: string, input: PayInput): Promise<PayResult> {
    const result = await ctx.db.tx((q) => pay(q, env, sessionId, input));
    scheduler.kick();
    return result;
  }

  async function testPay(sessionId: string, p: TestPayment): Promise<PayResult> {
    const found = await loadSession(sessionId);
    const name = p.name ?? 'Test Customer';
    return payAndKick(sessionId, {
      method: p.bankAccount ? 'us_bank_account' : 'card',
      email: p.email ?? found?.session.customer_email ?? 'customer@example.com',
      name,
      card: p.card ? { number: p.card, expiry: p.expiry ?? `12 / ${(new Date().getUTCFullYear() + 3) % 100}`, cvc: p.cvc ?? '123' } : undefined,
      bank: p.bankAccount ? { routing: TEST_ROUTING_NUMBER, account: p.bankAccount, holder: name } : undefined,
      shipping: p.shipping ?? (found?.session.shipping_address_collection ? { name, address: DEFAULT_ADDRESS } : null),
      shippingRate: p.shippingRate,
    });
  }

  async function settleNow(id: string, outcome?: 'succeeded' | 'failed') {
    let piId = id;
    if (id.startsWith('cs_')) {
      const found = await loadSession(id);
      piId = typeof found?.session.payment_intent === 'string' ? found.session.payment_intent : id;
    }
    const pi = await ctx.db.tx((q) => settle(q, env, piId, outcome));
    scheduler.kick();
    return pi;
  }

  async function expireDue(at = Math.floor(Date.now() / 1000)) {
    const ids = await dueForExpiry(ctx.db.query, at);
    for (const id of ids) await ctx.db.tx((q) => expireSession(q, env, id));
    scheduler.kick();
    return ids;
  }

  async function events(sessionId: string): Promise<EventRecord[]> {
    const rows = await sessionEvents(ctx.db.query, sessionId);
    const out: EventRecord[] = [];
    for (const r of rows) {
      const deliveries = (await ctx.db.query<Delivery>(`select * from ${SCHEMA}.deliveries where event_id = $1 order by id`, [r.id])).rows;
      const attempts = (await ctx.db.query<Attempt>(`select * from ${SCHEMA}.attempts where event_id = $1 order by id`, [r.id])).rows;
      out.push({ event: r.data, deliveries, attempts });
    }
    return out;
  }

  const html = (body: string, status = 200) => new Response(body, { status, headers: PAGE_HEADERS });

  /** The hosted page's form, as pay() takes it. */
  function fromForm(f: FormValues): PayInput {
    const method = f.method === 'us_bank_account' ? 'us_bank_account' : 'card';
    return {
      method,
      email: f.email,
      name: (method === 'card' ? f.name : f.holder) || f.ship_name,
      card: method === 'card' ? { number: f.card_number ?? '', expiry: f.card_expiry ?? '', cvc: f.card_cvc ?? '' } : undefined,
      bank: method === 'us_bank_account' ? { routing: f.routing, account: f.account ?? '', holder: f.holder } : undefined,
      shipping:
        f.line1 !== undefined
          ? {
              name: f.ship_name || f.name || f.holder,
              address: { line1: f.line1, line2: f.line2, city: f.city, state: f.state, postal_code: f.postal_code, country: f.country },
            }
          : null,
      shippingRate: f.shipping_rate || undefined,
    };
  }

  const afterPayment = (s: Session) => (s.success_url ? s.success_url.replaceAll('{CHECKOUT_SESSION_ID}', s.id) : null);

  async function checkout(req: Request, id: string): Promise<Response> {
    const found = await loadSession(id);
    if (!found) return html(noticePage('Page not found', 'This checkout page does not exist.'), 404);
    const { session, priv } = found;
    if (req.method === 'POST') {
      const form = Object.fromEntries(new URLSearchParams(new TextDecoder().decode(await readBody(req, 64 * 1024)))) as FormValues;
      const result = await payAndKick(id, fromForm(form));
      if (result.ok) {
        const next = afterPayment(result.session);
        if (next) return new Response(null, { status: 303, headers: { Location: next, 'Cache-Control': 'no-store' } });
        return html(
          noticePage(
            result.status === 'paid' ? 'Payment complete' : 'Payment processing',
            result.status === 'paid' ? 'Thanks for your payment.' : 'Your bank payment is processing. You will be notified when it completes.',
          ),
        );
      }
      const current = (await loadSession(id))!;
      if (current.session.status !== 'open') return checkout(new Request(req.url), id);
      const { card_number: _n, card_cvc: _c, ...kept } = form;
      return html(checkoutPage(current.session, current.priv, { ...kept, card_number: form.card_number ?? '' }, { message: result.message, field: result.field }));
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return new Response('Method not allowed', { status: 405, headers: { Allow: 'GET, POST' } });
    if (session.status === 'open' && session.expires_at <= Math.floor(Date.now() / 1000)) {
      await expireDue();
      return checkout(req, id);
    }
    if (session.status === 'complete') {
      const next = afterPayment(session);
      return html(noticePage('This payment is complete', 'There is nothing more to pay here.', next ? { href: next, label: 'Continue' } : undefined));
    }
    if (session.status === 'expired') {
      return html(
        noticePage('This checkout session has expired', 'Start the checkout again from the site.', session.cancel_url ? { href: session.cancel_url, label: 'Back' } : undefined),
        410,
      );
    }
    return html(checkoutPage(session, priv));
  }

  async function controls(req: Request, path: string): Promise<Response> {
    const answer = async (fn: () => Promise<unknown>) => {
      try {
        return json((await fn()) ?? { ok: true }, 200, { 'Cache-Control': 'no-store' });
      } catch (e) {
        if (e instanceof StripeError) return json(errorJson(e), e.status);
        throw e;
      }
    };
    if (req.method === 'GET') {
      const m = /^\/sessions\/([A-Za-z0-9_]+)\/events$/.exec(path);
      if (m) return answer(() => events(m[1]));
      return json({ error: 'Not found' }, 404);
    }
    if (req.method !== 'POST') return json({ error: 'Method not allowed' }, 405, { Allow: 'GET, POST' });
    if (!(req.headers.get('content-type') ?? '').toLowerCase().startsWith('application/json')) {
      return json({ error: 'The test controls take JSON (Content-Type: application/json).' }, 415);
    }
    const text = new TextDecoder().decode(await readBody(req, 64 * 1024));
    let body: Record<string, unknown> = {};
    try {
      body = text ? JSON.parse(text) : {};
    } catch {
      return json({ error: 'The body is not valid JSON.' }, 400);
    }
    let m: RegExpExecArray | null;
    if ((m = /^\/sessions\/([A-Za-z0-9_]+)\/pay$/.exec(path))) {
      const id = m[1];
      return answer(() =>
        testPay(id, {
          card: body.card as string | undefined,
          bankAccount: body.bank_account as string | undefined,
          email: body.email as string | undefined,
          name: body.name as string | undefined,
          shipping: body.shipping as PayInput['shipping'],
          shippingRate: body.shipping_rate as string | undefined,
        }),
      );
    }
    if ((m = /^\/payment_intents\/([A-Za-z0-9_]+)\/settle$/.exec(path))) {
      const id = m[1];
      return answer(() => settleNow(id, body.outcome as 'succeeded' | 'failed' | undefined));
    }
    if (path === '/sessions/expire_due') return answer(async () => ({ expired: await expireDue(typeof body.at === 'number' ? body.at : undefined) }));
    if ((m = /^\/events\/([A-Za-z0-9_]+)\/redeliver$/.exec(path))) {
      const id = m[1];
      return answer(() => scheduler.redeliver(id, Math.min(50, Math.max(1, Number(body.times ?? 1) || 1))));
    }
    if ((m = /^\/events\/([A-Za-z0-9_]+)\/deliver$/.exec(path))) {
      const id = m[1];
      return answer(() => scheduler.deliverNow(id));
    }
    if (path === '/queue/pause') return answer(async () => scheduler.pause());
    if (path === '/queue/resume') return answer(async () => scheduler.resume());
    if (path === '/idle') return answer(() => scheduler.idle());
    return json({ error: 'Not found' }, 404);
  }

  async function site(req: Request, path: string): Promise<Response> {
    if (path.startsWith('/_test/')) return controls(req, path.slice('/_test'.length));
    const pay = /^\/pay\/([A-Za-z0-9_]+)$/.exec(path);
    if (pay) return checkout(req, pay[1]);
    if (req.method !== 'GET' && req.method !== 'HEAD') return new Response('Method not allowed', { status: 405, headers: { Allow: 'GET' } });
    if (path === '/' || path === '') {
      const sessions = (await recent<Session>(ctx.db.query, 'checkout.session', 50)).map((r) => r.data);
      return html(dashboardPage(ctx.config.stripe, ctx.config.publicUrl, scheduler.paused, sessions));
    }
    const one = /^\/sessions\/([A-Za-z0-9_]+)$/.exec(path);
    if (one) {
      const found = await loadSession(one[1]);
      if (!found) return html(noticePage('Page not found', 'No such Checkout Session.'), 404);
      return html(sessionPage(found.session, await events(one[1])));
    }
    const payment = /^\/payments\/([A-Za-z0-9_]+)$/.exec(path);
    if (payment) {
      const pi = await load<PaymentIntent>(ctx.db.query, payment[1], 'payment_intent');
      if (!pi) return html(noticePage('Page not found', 'No such payment.', { href: `${ctx.config.publicUrl}/stripe`, label: 'Dashboard' }), 404);
      const sessionId = pi.session_id;
      const mine = <T extends { payment_intent: string | { id: string } | null }>(rows: { data: T }[]) =>
        rows.map((r) => r.data).filter((x) => (typeof x.payment_intent === 'string' ? x.payment_intent : x.payment_intent?.id) === pi.id);
      const charges = sessionId ? mine(await bySession<Charge>(ctx.db.query, sessionId, 'charge')) : [];
      const refunds = sessionId ? mine(await bySession<Refund>(ctx.db.query, sessionId, 'refund')) : [];
      const session = sessionId ? ((await loadSession(sessionId))?.session ?? null) : null;
      return html(paymentPage(pi.data, charges, refunds, session));
    }
    return html(noticePage('Page not found', 'The local Stripe has its dashboard at /stripe.', { href: `${ctx.config.publicUrl}/stripe`, label: 'Dashboard' }), 404);
  }

  return {
    api: (req, path) => handleApi(req, path, apiCtx),
    site,
    pay: testPay,
    settle: settleNow,
    expireDue,
    redeliver: (id, times = 1) => scheduler.redeliver(id, times),
    deliverNow: (id) => scheduler.deliverNow(id),
    pause: () => scheduler.pause(),
    resume: () => scheduler.resume(),
    get paused() {
      return scheduler.paused;
    },
    events,
    idle: (t) => scheduler.idle(t),
    stop: () => scheduler.stop(),
  };
}
