/**
 * What must hold of the shop's money once everything has settled (issue #27 §11; CONTRACTS.md §3), read
 * from the real state: Stripe's sessions, payment intents and charges through the SDK, the orders,
 * payments, history and e-mails in the database, the dev inbox. Each broken rule is one line naming the
 * order, so a counterexample says what went wrong.
 */
import { randomUUID } from 'node:crypto';
import type { OrderStatus } from '../../../shared/rules/commerce.ts';
import { lifecycleAllows } from '../../../shared/rules/commerce.ts';
import { NOTICE_KIND, RECEIPT_KIND, keptAtStripe, orderOf, sessionsAtStripe, type Shop } from './money.ts';

/** Where a run starts: its orders are those created since, its mails those after this inbox position. */
export interface RunMark {
  since: string;
  inboxSeq: number;
  /** The customer's e-mail address in this run. */
  email: string;
  /** Checkout Session → the browser's cart id, for every session a press of Checkout answered. */
  cartOf: Map<string, string>;
}

export async function markRun(shop: Shop): Promise<RunMark> {
  const [{ now }] = await shop.sql<{ now: string }>('select clock_timestamp()::text as now');
  const [{ seq }] = await shop.sql<{ seq: number }>('select coalesce(max(seq), 0)::int as seq from local_inbox.mails');
  return { since: now, inboxSeq: seq, email: `buyer-${randomUUID().slice(0, 8)}@example.com`, cartOf: new Map() };
}

interface OrderRow {
  id: string;
  number: number | null;
  status: OrderStatus;
  needs_shipping: boolean;
  paid_cents: number;
  refunded_cents: number;
}
interface PaymentRow {
  id: string;
  order_id: string;
  kind: 'full' | 'deposit' | 'balance';
  status: string;
  checkout_session_id: string | null;
  unexpected: boolean | null;
}

const label = (o: OrderRow) => `order ${o.number ?? '(no number)'} ${o.id.slice(0, 8)}`;

export async function violations(shop: Shop, run: RunMark): Promise<string[]> {
  const out: string[] = [];
  const orders = await shop.sql<OrderRow>(
    'select id, number, status, needs_shipping, paid_cents, refunded_cents from public.orders where created_at >= $1::timestamptz order by created_at',
    [run.since],
  );
  const ids = orders.map((o) => o.id);
  // `unexpected` comes with the payments contract: read it where it exists.
  const payments = await shop.sql<PaymentRow>(
    `select p.id, p.order_id, p.kind, p.status, p.checkout_session_id, (to_jsonb(p) ->> 'unexpected')::boolean as unexpected
       from public.order_payments p where p.order_id = any($1::uuid[]) order by p.created_at, p.id`,
    [ids],
  );
  const history = await shop.sql<{ order_id: string; status: OrderStatus }>('select order_id, status from public.order_events where order_id = any($1::uuid[]) order by id', [ids]);
  const mails = await shop.sql<{ order_id: string; kind: string; subject_key: string; status: string }>(
    'select order_id, kind, subject_key, status from public.order_mails where order_id = any($1::uuid[])',
    [ids],
  );
  const sessions = await sessionsAtStripe(shop, ids);
  const paymentOf = new Map(payments.filter((p) => p.checkout_session_id).map((p) => [p.checkout_session_id!, p]));
  const isBalance = (sessionId: string) => paymentOf.get(sessionId)?.kind === 'balance';

  for (const o of orders) {
    const mine = sessions.filter((s) => orderOf(s) === o.id);
    // (a) what Stripe kept is what the order says it kept.
    const kept = mine.reduce((sum, s) => sum + keptAtStripe(s), 0);
    if (kept !== o.paid_cents - o.refunded_cents) {
      out.push(`(a) ${label(o)}: Stripe kept ${kept} cents, the order says paid ${o.paid_cents} − refunded ${o.refunded_cents}`);
    }
    // Every payment Stripe took is recorded on its payment.
    for (const s of mine) {
      if (s.payment_status === 'paid' && paymentOf.get(s.id)?.status !== 'paid') {
        out.push(`(a) ${label(o)}: Stripe took ${s.amount_total} cents on ${s.id}, recorded as ${paymentOf.get(s.id)?.status ?? 'nothing'}`);
      }
    }
    // (b) nothing payable on an order the shop closed.
    if (o.status === 'cancelled' || o.status === 'refunded') {
      for (const s of mine.filter((x) => x.status === 'open')) out.push(`(b) ${label(o)} is ${o.status} and ${s.id} is still open at Stripe`);
    }
    // (c) one payable balance per order.
    const openBalances = mine.filter((s) => s.status === 'open' && isBalance(s.id));
    if (openBalances.length > 1) out.push(`(c) ${label(o)} has ${openBalances.length} open balance sessions at Stripe`);
    // (d) a receipt and a notice for every payment taken, once each.
    for (const p of payments.filter((x) => x.order_id === o.id && x.status === 'paid')) {
      const which = p.unexpected ? 'unexpected' : p.kind === 'balance' ? 'balance' : 'first';
      const key = which === 'first' ? '' : p.id;
      for (const kind of [RECEIPT_KIND[which], NOTICE_KIND[which]]) {
        const sent = mails.some((m) => m.order_id === o.id && m.kind === kind && m.status === 'sent' && (which === 'unexpected' || m.subject_key === key));
        if (!sent) out.push(`(d) ${label(o)}: no ${kind} e-mail sent for its ${p.kind} payment ${p.id.slice(0, 8)}`);
      }
    }
    // (e) every status change is a step of the lifecycle.
    const steps = history.filter((h) => h.order_id === o.id).map((h) => h.status);
    if (steps[0] !== 'pending') out.push(`(e) ${label(o)} starts ${steps[0] ?? 'with no history'}`);
    for (let i = 1; i < steps.length; i++) {
      if (!lifecycleAllows(steps[i - 1], steps[i], o.needs_shipping)) out.push(`(e) ${label(o)}: ${steps[i - 1]} → ${steps[i]} is not a step of the lifecycle`);
    }
    // (f) a number once a payment was processing or paid, and only then.
    const mineP = payments.filter((p) => p.order_id === o.id);
    const reached = mineP.some((p) => p.status === 'processing' || p.status === 'paid') || steps.some((s) => s === 'processing' || s === 'paid' || s === 'deposit_paid');
    if (o.number !== null && !reached) out.push(`(f) ${label(o)} has a number, and no payment of it was ever processing or paid`);
    if (o.number === null && mineP.some((p) => p.status === 'paid' && !p.unexpected)) out.push(`(f) ${label(o)} was paid and has no number`);
  }

  // (b, c) per cart: at most one payable checkout, none once the cart is paid.
  const cartOfOrder = new Map<string, string>();
  for (const s of sessions) if (run.cartOf.has(s.id)) cartOfOrder.set(orderOf(s), run.cartOf.get(s.id)!);
  const byCart = new Map<string, typeof sessions>();
  for (const s of sessions) {
    const cart = cartOfOrder.get(orderOf(s));
    if (cart && !isBalance(s.id)) byCart.set(cart, [...(byCart.get(cart) ?? []), s]);
  }
  for (const [cart, list] of byCart) {
    const open = list.filter((s) => s.status === 'open');
    if (open.length > 1) out.push(`(c) cart ${cart.slice(0, 8)} has ${open.length} open sessions at Stripe: ${open.map((s) => s.id).join(', ')}`);
    // Paid: a session whose payment succeeded or is settling (a completed page whose bank debit failed
    // leaves the cart to be paid again).
    const paidOrSettling = (s: (typeof list)[number]) => ['succeeded', 'processing'].includes((s.payment_intent as { status?: string } | null)?.status ?? '');
    if (open.length && list.some(paidOrSettling)) out.push(`(b) cart ${cart.slice(0, 8)} was paid and ${open[0].id} is still open at Stripe`);
  }

  // (d) no e-mail went twice: the same message to the same address.
  const sent = await shop.sql<{ to_address: string; subject: string; n: number }>(
    'select to_address, subject, count(*)::int as n from local_inbox.mails where seq > $1 group by to_address, subject, text having count(*) > 1',
    [run.inboxSeq],
  );
  for (const m of sent) out.push(`(d) "${m.subject}" went ${m.n} times to ${m.to_address}`);
  return out;
}
