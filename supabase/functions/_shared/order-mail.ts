/**
 * The e-mails an order sends (docs/commerce.md#e-mails): the customer's confirmation, with the link to
 * their order page, and the business's new-order notice; a receipt and a notice for a balance; a refund
 * notice, for a payment the order no longer expected the word that it was refunded, and for an order
 * cancelled with nothing refunded, the word that it is cancelled. Each has a plain-text part and an HTML part
 * made from the same lines, with nothing but inline markup (mail clients drop stylesheets).
 */
import { MAIL_THUMB, formatCents, isCartProduct, mailThumbOf } from '../../../shared/cart.ts';
import { addressLines, orderTitle, orderTotals, statusLabel, type OrderView } from '../../../shared/orders.ts';
import { BUSINESS } from '../../../shared/business.ts';
import { PAYMENT_MAIL_TEXT as T } from '../../../shared/messages.ts';
import { KIT_TERMS, orderNumber, trackingLink } from '../../../shared/rules/commerce.ts';

const VIEW_ORDER = 'View your order';
/** The products checked out only with the kit terms ticked (shared/cart.ts PricedLine.kit). */
const KIT_PRODUCTS = new Set(['diy-kit', 'lock-kit']);
const KIT_TERMS_ACCEPTED = 'You accepted the kit terms';

export const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

export interface OrderMail {
  subject: string;
  text: string;
  html: string;
}

function itemLines(o: OrderView): { title: string; detail: string; amount: string; image: string | null }[] {
  return o.items.map((i) => ({
    title: `${i.name} × ${i.quantity}`,
    detail: i.options.join('; '),
    amount: formatCents(i.line_cents),
    image: isCartProduct(i.product) ? mailThumbOf(i.product) : null,
  }));
}

/** A link as a person reads it: words on a button, the address only in the plain-text part. */
export interface MailLink {
  label: string;
  url: string;
}

/**
 * The shell of every customer e-mail, for a phone first: a viewport meta, one column no wider than the
 * screen (max-width and 100%), long words (an address, a token) allowed to break, so nothing makes the
 * message wider than a 390 px screen (issue #29, item 5).
 */
export function mailShell(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)}</title></head>
<body style="margin:0;padding:0;background:#faf6f0"><div style="font-family:Georgia,serif;color:#2b2118;max-width:560px;width:100%;box-sizing:border-box;margin:0 auto;padding:16px;overflow-wrap:anywhere;word-break:break-word">
${body}
</div></body></html>`;
}

/** Buttons with words, one per link, wrapping onto lines of their own on a narrow screen. */
export function mailButtons(links: readonly MailLink[]): string {
  return `<p style="margin:20px 0">${links
    .map(
      (l, i) =>
        `<a href="${esc(l.url)}" style="display:inline-block;margin:0 8px 8px 0;${i === 0 ? 'background:#7a4b2a;color:#fff' : 'background:#fff;color:#7a4b2a;border:1px solid #7a4b2a'};padding:12px 18px;border-radius:8px;text-decoration:none;font-family:Arial,sans-serif;font-size:16px">${esc(l.label)}</a>`,
    )
    .join('')}</p>`;
}

/**
 * `page` is the mail's page on our site (the order page, or the admin's): the thumbnails' origin. Not the
 * first link's, which may be a carrier's tracking page (the shipped mail pointed its pictures there).
 */
function render(page: string, intro: string[], o: OrderView, links: readonly MailLink[], outro: string[]): { text: string; html: string } {
  const items = itemLines(o);
  const totals = orderTotals(o);
  const address = addressLines(o.shipping_address);
  const site = originOf(page);
  // The kit's final-sale terms, which the customer ticked to check out a kit (checkout refuses a kit without them).
  const kitTerms = o.items.some((i) => KIT_PRODUCTS.has(i.product)) ? [`${KIT_TERMS_ACCEPTED}: “${KIT_TERMS.text}”`] : [];
  const text = [
    ...intro,
    '',
    `${orderTitle(o)}, placed ${day(o.created_at)}`,
    `Status: ${statusLabel(o.status)}`,
    '',
    ...items.flatMap((i) => [`${i.title}: ${i.amount}`, ...(i.detail ? [`  ${i.detail}`] : [])]),
    '',
    ...totals.map((t) => `${t.label}: ${t.text}`),
    ...(kitTerms.length ? ['', ...kitTerms] : []),
    ...(address.length ? ['', 'Ships to:', ...address.map((l) => `  ${l}`)] : []),
    '',
    ...links.map((l) => `${l.label}: ${l.url}`),
    '',
    ...outro,
  ].join('\n');
  const row = (a: string, b: string, strong = false) =>
    `<tr><td style="padding:4px 0">${strong ? `<strong>${esc(a)}</strong>` : esc(a)}</td><td style="padding:4px 0;text-align:right;white-space:nowrap">${strong ? `<strong>${esc(b)}</strong>` : esc(b)}</td></tr>`;
  const thumb = (src: string | null) =>
    src && site
      ? `<img src="${esc(new URL(src, site).toString())}" width="${MAIL_THUMB.size}" height="${MAIL_THUMB.size}" alt="" style="display:block;width:${MAIL_THUMB.size}px;height:${MAIL_THUMB.size}px;border-radius:6px;background:${MAIL_THUMB.backdrop}">`
      : '';
  const item = (i: (typeof items)[number]) =>
    `<tr><td style="padding:6px 0;vertical-align:top"><table role="presentation" style="border-collapse:collapse"><tr><td style="padding:0 10px 0 0;vertical-align:top;width:48px">${thumb(i.image)}</td><td style="vertical-align:top">${esc(i.title)}${i.detail ? `<br><span style="color:#6b5a4b;font-size:14px">${esc(i.detail)}</span>` : ''}</td></tr></table></td><td style="padding:6px 0;text-align:right;vertical-align:top;white-space:nowrap">${esc(i.amount)}</td></tr>`;
  const html = mailShell(
    orderTitle(o),
    `${intro.map((p) => `<p>${esc(p)}</p>`).join('\n')}
<h2 style="font-size:18px">${esc(orderTitle(o))}</h2>
<p>Placed ${esc(day(o.created_at))}. Status: <strong>${esc(statusLabel(o.status))}</strong></p>
<table role="presentation" style="width:100%;border-collapse:collapse">
${items.map(item).join('\n')}
<tr><td colspan="2"><hr style="border:0;border-top:1px solid #e4d8c8"></td></tr>
${totals.map((t) => row(t.label, t.text, t.strong)).join('\n')}
</table>
${kitTerms.map((t) => `<p style="font-size:14px">${esc(t)}</p>`).join('')}
${address.length ? `<p><strong>Ships to</strong><br>${address.map(esc).join('<br>')}</p>` : ''}
${mailButtons(links)}
${outro.map((p) => `<p style="color:#6b5a4b;font-size:14px">${esc(p)}</p>`).join('\n')}`,
  );
  return { text, html };
}

/** The site the links point at (the order page's origin), for the thumbnails' absolute addresses. */
function originOf(page: string): string | null {
  try {
    return new URL(page).origin;
  } catch {
    return null;
  }
}

/** The customer's confirmation: sent once, when Stripe reports the first payment. */
export function confirmationMail(o: OrderView, orderUrl: string): OrderMail {
  const deposit = o.balance_due_cents > 0;
  const name = firstName(o);
  const intro = [
    `Thank you for your order${name ? `, ${name}` : ''}!`,
    deposit
      ? `We've received your deposit of ${formatCents(o.paid_cents)}. Your locs are handmade to order; we'll e-mail you when they are ready and the balance of ${formatCents(o.balance_due_cents)} is due, before we ship.`
      : o.items.every((i) => i.digital)
        ? "We've received your payment. Your order page has your download."
        : "We've received your payment and we're getting your order ready.",
  ];
  const { text, html } = render(
    orderUrl,
    intro,
    o,
    [{ label: VIEW_ORDER, url: orderUrl }],
    [`Questions? Reply to this e-mail or write to ${BUSINESS.email}.`, `${BUSINESS.legalName}`],
  );
  return { subject: deposit ? `Deposit received: ${orderTitle(o)}` : `Your KYB order ${orderNumber(o.number)} is confirmed`, text, html };
}

const firstName = (o: OrderView) => o.customer_name?.split(' ')[0];
const hello = (o: OrderView) => `Hello${firstName(o) ? ` ${firstName(o)}` : ''},`;
const signOff = [`Questions? Reply to this e-mail or write to ${BUSINESS.email}.`, BUSINESS.legalName];

/**
 * The balance of a made-to-order order is due: its locs are ready. The link opens the order page, where
 * Pay balance starts a fresh Stripe checkout; a checkout session's own address is never e-mailed
 * (sessions expire).
 */
export function balanceDueMail(o: OrderView, orderUrl: string): OrderMail {
  const { text, html } = render(
    orderUrl,
    [hello(o), `Your locs are ready! The balance of ${formatCents(o.balance_due_cents)} is due before we ship them. Open your order and press Pay balance.`],
    o,
    [{ label: 'Pay balance', url: orderUrl }],
    signOff,
  );
  return { subject: `Your order ${orderNumber(o.number)} is ready: balance due`, text, html };
}

/** The order has shipped, with the carrier and the tracking link. */
export function shippedMail(o: OrderView, orderUrl: string): OrderMail {
  const link = trackingLink(o.carrier, o.tracking_number);
  // Links with words, each once (issue #29: the tracking address was printed twice, the order page's
  // 64-character token made the message wider than a phone).
  const { text, html } = render(
    orderUrl,
    [hello(o), `Your order is on its way with ${o.carrier}. Tracking number: ${o.tracking_number}.`],
    o,
    [...(link ? [{ label: 'Track your package', url: link }] : []), { label: VIEW_ORDER, url: orderUrl }],
    signOff,
  );
  return { subject: `Your order ${orderNumber(o.number)} has shipped`, text, html };
}

/** The order was cancelled and nothing refunded with it: the customer is told (issue #27, a balance page they still hold is refused). */
export function cancelledMail(o: OrderView, orderUrl: string): OrderMail {
  const { text, html } = render(orderUrl, [hello(o), T.cancelled], o, [{ label: VIEW_ORDER, url: orderUrl }], signOff);
  return { subject: T.cancelledSubject(orderNumber(o.number)), text, html };
}

/**
 * Money the order had kept went back to the customer: `refundedCents` is its refunded total (each new total
 * sends one; orders.ts mailRefund), `full` when that is all it kept.
 */
export function refundMail(o: OrderView, orderUrl: string, refundedCents: number, full: boolean): OrderMail {
  const { text, html } = render(
    orderUrl,
    [
      hello(o),
      full ? `We've refunded your order in full: ${formatCents(refundedCents)}.` : `We've refunded ${formatCents(refundedCents)} of your order.`,
      'Your bank usually shows it within 5-10 business days.',
    ],
    o,
    [{ label: VIEW_ORDER, url: orderUrl }],
    signOff,
  );
  return { subject: `Refund for your order ${orderNumber(o.number)}`, text, html };
}

/** A week after delivery: how was it? One per product, linking to the product's review form. */
export function reviewRequestMail(order: { number: number }, productName: string, reviewUrl: string): OrderMail {
  const lines = [
    'Hello,',
    `How are you getting on with your ${productName}? Your review helps other customers choose, and it helps us make them better.`,
    `It takes a minute: ${reviewUrl}`,
    'Sign in with the address this e-mail came to, and your review shows "Verified Purchase".',
    ...signOff,
  ];
  const text = lines.join('\n\n');
  const html = mailShell(
    `How is your ${productName}?`,
    `${lines
      .slice(0, 2)
      .map((p) => `<p>${esc(p)}</p>`)
      .join('\n')}
${mailButtons([{ label: 'Write a review', url: reviewUrl }])}
${lines
  .slice(3)
  .map((p) => `<p style="color:#6b5a4b;font-size:14px">${esc(p)}</p>`)
  .join('\n')}`,
  );
  return { subject: `How is your ${productName}? (order ${orderNumber(order.number)})`, text, html };
}

/** The business's notice of a new paid order (the notification path lead-capture uses). */
export function newOrderMail(o: OrderView, adminUrl: string): OrderMail {
  const { text, html } = render(
    adminUrl,
    [`New order from ${o.customer_name || o.email || 'a customer'}${o.email ? ` (${o.email})` : ''}.`],
    o,
    [{ label: 'Open the orders', url: adminUrl }],
    ['Sent by the website when Stripe reported the payment.'],
  );
  return { subject: `New order ${orderNumber(o.number)}: ${formatCents(o.paid_cents)} ${statusLabel(o.status).toLowerCase()}`, text, html };
}

/** The customer's receipt for a balance payment of `amountCents` (one per payment). */
export function balanceReceiptMail(o: OrderView, orderUrl: string, amountCents: number): OrderMail {
  const { text, html } = render(orderUrl, [hello(o), T.balanceReceived(formatCents(amountCents), formatCents(o.total_cents))], o, [{ label: VIEW_ORDER, url: orderUrl }], signOff);
  return { subject: T.balanceSubject(orderTitle(o)), text, html };
}

/** A payment the order no longer expected was refunded in full (one per payment). */
export function unexpectedRefundMail(o: OrderView, orderUrl: string, amountCents: number): OrderMail {
  const { text, html } = render(orderUrl, [hello(o), T.unexpectedRefunded(formatCents(amountCents)), T.bankDays], o, [{ label: VIEW_ORDER, url: orderUrl }], signOff);
  return { subject: T.unexpectedSubject(orderTitle(o)), text, html };
}

/** The business's notice of a balance paid. */
export function balancePaidMail(o: OrderView, adminUrl: string, amountCents: number): OrderMail {
  const { text, html } = render(
    adminUrl,
    [`${T.businessBalance(orderTitle(o), formatCents(amountCents))}.`],
    o,
    [{ label: 'Open the orders', url: adminUrl }],
    ['Sent by the website when Stripe reported the payment.'],
  );
  return { subject: T.businessBalance(orderTitle(o), formatCents(amountCents)), text, html };
}

/** The business's notice of a payment refunded because the order no longer expected it. */
export function unexpectedPaymentMail(o: OrderView, adminUrl: string, amountCents: number): OrderMail {
  const { text, html } = render(
    adminUrl,
    [T.businessUnexpectedWhy(formatCents(amountCents))],
    o,
    [{ label: 'Open the orders', url: adminUrl }],
    ['Sent by the website when Stripe reported the payment.'],
  );
  return { subject: T.businessUnexpected(orderTitle(o), formatCents(amountCents)), text, html };
}
