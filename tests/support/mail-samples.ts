/**
 * Every e-mail the shop sends, rendered from its real template with sample data (issue #29, item 5): the
 * order e-mails (supabase/functions/_shared/order-mail.ts), the kit's launch e-mail (launch-mail.ts) and
 * the auth e-mails (supabase/templates/*.html, with Supabase's variables filled as the auth server fills
 * them). tests/unit/mail.test.ts checks their markup; tests/visual/mails.ts renders each at 390 px with
 * the pages' invariants.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OrderView } from '../../shared/orders.ts';
import {
  balanceDueMail,
  balancePaidMail,
  balanceReceiptMail,
  confirmationMail,
  newOrderMail,
  refundMail,
  cancelledMail,
  reviewRequestMail,
  shippedMail,
  unexpectedPaymentMail,
  unexpectedRefundMail,
} from '../../supabase/functions/_shared/order-mail.ts';
import { launchMail } from '../../supabase/functions/_shared/launch-mail.ts';
import { AUTH_TEMPLATES, renderAuthTemplate } from '../../supabase/local/auth/templates.ts';

export const SITE = 'https://kyb.example';
/** The order page's link as the functions write it: a 64-hex token that must not widen the message. */
const TOKEN = 'a'.repeat(64);
const ORDER_URL = `${SITE}/order?token=${TOKEN}`;
const ADMIN_URL = `${SITE}/admin/orders`;

const base: OrderView = {
  id: '00000000-0000-4000-8000-000000000001',
  number: 1012,
  status: 'paid',
  email: 'ama.mensah@example.com',
  customer_name: 'Ama Mensah',
  created_at: '2026-11-20T15:00:00Z',
  paid_at: '2026-11-20T15:02:00Z',
  subtotal_cents: 39_500,
  shipping_cents: 0,
  total_cents: 39_500,
  discount_cents: 0,
  due_at_checkout_cents: 19_800,
  paid_cents: 19_800,
  refunded_cents: 0,
  balance_due_cents: 19_700,
  needs_shipping: true,
  shipping_address: { line1: '12 Long Street', line2: null, city: 'Atlanta', state: 'GA', postal_code: '30301', country: 'US' },
  carrier: null,
  tracking_number: null,
  balance_requested_at: null,
  shipped_at: null,
  delivered_at: null,
  items: [
    {
      product: 'jah-locs',
      configuration: {},
      name: 'Jah Locs',
      options: ['Length: 24-26 in', 'Size: MD (1.2-1.5 cm)', 'Color: Multi-tone', '40 locs'],
      unit_cents: 39_500,
      quantity: 1,
      line_cents: 39_500,
      due_at_checkout_cents: 19_800,
      digital: false,
    },
  ],
  payments: [],
  history: [],
};
const kitOrder: OrderView = {
  ...base,
  number: 1013,
  balance_due_cents: 0,
  paid_cents: 15_900,
  total_cents: 15_900,
  subtotal_cents: 15_900,
  items: [
    {
      product: 'diy-kit',
      configuration: { kit: 'starter' },
      name: 'DIY Trinity Loc Kit',
      options: ['Kit: Starter Kit'],
      unit_cents: 15_900,
      quantity: 1,
      line_cents: 15_900,
      due_at_checkout_cents: 15_900,
      digital: false,
    },
  ],
};
const shipped: OrderView = { ...kitOrder, status: 'shipped', carrier: 'USPS', tracking_number: '9400 1000 0000 0000 0000 00', shipped_at: '2026-11-24T10:00:00Z' };

export interface MailSample {
  /** A short id: the visual shot's name (`mail <id>`). */
  id: string;
  subject: string;
  html: string;
  text?: string;
}

export function mailSamples(): MailSample[] {
  const orderMails: [string, { subject: string; text: string; html: string }][] = [
    ['confirmation-deposit', confirmationMail(base, ORDER_URL)],
    ['confirmation-kit', confirmationMail(kitOrder, ORDER_URL)],
    // A reward code's 10% off (docs/rewards.md#at-checkout): its own line, and the total after it.
    ['confirmation-reward', confirmationMail({ ...kitOrder, discount_cents: 1_590, reward_code: 'KYB-3F9A0C21B7D4', paid_cents: 14_310 }, ORDER_URL)],
    ['balance-due', balanceDueMail({ ...base, status: 'ready' }, ORDER_URL)],
    ['balance-receipt', balanceReceiptMail({ ...base, paid_cents: 39_500, balance_due_cents: 0 }, ORDER_URL, 19_700)],
    ['shipped', shippedMail(shipped, ORDER_URL)],
    ['refund', refundMail({ ...kitOrder, status: 'refunded', refunded_cents: 15_900 }, ORDER_URL, 15_900, true)],
    ['unexpected-refund', unexpectedRefundMail(kitOrder, ORDER_URL, 5_000)],
    ['cancelled', cancelledMail({ ...kitOrder, status: 'cancelled' }, ORDER_URL)],
    ['review-request', reviewRequestMail(kitOrder as { number: number }, 'DIY Trinity Loc Kit', `${SITE}/products/diy-kit?review=write#reviews`)],
    ['business-new-order', newOrderMail(base, ADMIN_URL)],
    ['business-balance-paid', balancePaidMail(base, ADMIN_URL, 19_700)],
    ['business-unexpected-payment', unexpectedPaymentMail(kitOrder, ADMIN_URL, 5_000)],
  ];
  const launch = launchMail('diy-kit', 'rohan.baptiste@example.com', 'b'.repeat(64), SITE);
  return [
    ...orderMails.map(([id, m]) => ({ id, ...m })),
    { id: 'kit-launch', subject: launch.subject, html: launch.html!, text: launch.text },
    ...AUTH_TEMPLATES.map((t) => ({
      id: `auth-${t.id}`,
      subject: t.subject,
      html: renderAuthTemplate(readFileSync(join(import.meta.dirname, '../../supabase/templates', t.file), 'utf8'), sampleAuthData),
    })),
  ];
}

/** Supabase's template variables as the auth server fills them (supabase/local/auth/templates.ts). */
const sampleAuthData = {
  ConfirmationURL: `http://127.0.0.1:54321/auth/v1/verify?token=${'c'.repeat(56)}&type=signup&redirect_to=${encodeURIComponent(`${SITE}/account`)}`,
  Token: '123456',
  TokenHash: 'c'.repeat(56),
  SiteURL: SITE,
  Email: 'ama.mensah@example.com',
  NewEmail: 'ama.new@example.com',
  RedirectTo: `${SITE}/account`,
  Data: {},
};
