/**
 * The stand-in's own pages, HTML without script or external assets, usable on a 390 px phone:
 *   - the hosted checkout page a session's `url` opens (Stripe's checkout.stripe.com): the lines,
 *     subtotal, shipping and total; e-mail, a shipping address when the session collects one, a card
 *     or a US bank account; Pay; a link back to cancel_url;
 *   - the page shown after paying when the session has no success_url;
 *   - a small dashboard: recent sessions, and each session's events with their delivery attempts;
 *   - a payment's page (`/stripe/payments/<pi>`, where the admin's "View in Stripe" points locally, as it
 *     points at dashboard.stripe.com/payments/<pi> in production): the PaymentIntent, its charges, its
 *     refunds with their reasons and metadata, and its Checkout Session.
 */
import type Stripe from 'stripe';
import type { StripeConfig } from '../config.ts';
import { money } from './flows.ts';
import type { Charge, PaymentIntent, Refund, Session, SessionPrivate, StripeEvent } from './objects.ts';
import type { Attempt, Delivery } from './webhooks.ts';
import { PAGE_ICON } from '../page-icon.ts';

export const esc = (s: unknown) => String(s ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const safeHref = (u: string | null | undefined) => (u && /^https?:\/\//i.test(u) ? u : '');

export const PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-store',
  // No script, nothing remote; no form-action limit, as the payment's redirect goes to the merchant's site.
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; frame-ancestors 'none'",
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
};

const STYLE = `
  :root { color-scheme: light; --ink: #1a1f36; --muted: #5c6478; --line: #e3e6ee; --bg: #f6f8fb; --accent: #5469d4; --danger: #c0123c; --ok: #0a7a4b; }
  * { box-sizing: border-box; }
  body { margin: 0; background: var(--bg); color: var(--ink); font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  .bar { display: flex; justify-content: space-between; align-items: center; gap: .75rem; padding: .75rem 1rem; background: #fff; border-bottom: 1px solid var(--line); }
  .bar a { color: var(--ink); text-decoration: none; font-weight: 600; min-height: 44px; display: inline-flex; align-items: center; }
  .test { background: #ffde92; color: #5e3a00; border-radius: .35rem; padding: .1rem .5rem; font-size: .75rem; font-weight: 700; text-transform: uppercase; letter-spacing: .04em; }
  .wrap { max-width: 62rem; margin: 0 auto; padding: 1rem; display: grid; gap: 1.25rem; }
  @media (min-width: 56rem) { .wrap { grid-template-columns: 1fr 1fr; gap: 3rem; padding: 2.5rem 1.5rem; } }
  h1 { font-size: 1rem; color: var(--muted); font-weight: 600; margin: 0; }
  .due { font-size: 2rem; font-weight: 700; margin: .1rem 0 1rem; }
  .lines { list-style: none; margin: 0; padding: 0; }
  .lines li { display: grid; grid-template-columns: 1fr auto; gap: .1rem 1rem; padding: .6rem 0; border-bottom: 1px solid var(--line); }
  .lines .desc, .lines .qty { color: var(--muted); font-size: .85rem; grid-column: 1; }
  .lines .amt { grid-column: 2; grid-row: 1; font-weight: 600; }
  dl.totals { margin: .5rem 0 0; }
  dl.totals div { display: flex; justify-content: space-between; padding: .35rem 0; }
  dl.totals dt { color: var(--muted); }
  dl.totals dd { margin: 0; }
  dl.totals .total { border-top: 1px solid var(--line); font-weight: 700; margin-top: .3rem; padding-top: .6rem; }
  dl.totals .total dt { color: var(--ink); }
  form.pay { background: #fff; border: 1px solid var(--line); border-radius: .75rem; padding: 1rem; display: grid; gap: 1rem; }
  fieldset { border: 0; margin: 0; padding: 0; display: grid; gap: .6rem; min-width: 0; }
  legend, h2 { font-size: 1rem; font-weight: 600; margin: 0 0 .4rem; padding: 0; }
  label { display: grid; gap: .25rem; font-size: .9rem; color: var(--muted); }
  input, select { font: inherit; color: var(--ink); width: 100%; min-height: 44px; padding: .5rem .7rem; border: 1px solid #cfd5e3; border-radius: .4rem; background: #fff; }
  input:focus-visible, select:focus-visible, button:focus-visible, a:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
  input[aria-invalid="true"] { border-color: var(--danger); }
  .row { display: grid; grid-template-columns: 1fr 1fr; gap: .6rem; }
  .choice { display: flex; align-items: center; gap: .6rem; color: var(--ink); border: 1px solid #cfd5e3; border-radius: .4rem; padding: 0 .7rem; min-height: 44px; }
  .choice input { width: auto; min-height: 0; }
  .bank-fields { display: none; }
  form:has(#pm-bank:checked) .bank-fields { display: grid; gap: .6rem; }
  form:has(#pm-bank:checked) .card-fields { display: none; }
  .card-fields { display: grid; gap: .6rem; }
  button { font: inherit; font-weight: 600; color: #fff; background: var(--accent); border: 0; border-radius: .4rem; min-height: 48px; padding: .6rem 1rem; cursor: pointer; }
  .error { margin: 0; padding: .7rem .9rem; border-radius: .4rem; background: #fde7ec; color: var(--danger); font-weight: 600; }
  .hint { margin: 0; color: var(--muted); font-size: .8rem; }
  .hint code { font-size: .8rem; }
  .notice { background: #fff; border: 1px solid var(--line); border-radius: .75rem; padding: 1.25rem; }
  .notice h1 { color: var(--ink); font-size: 1.3rem; }
  table { border-collapse: collapse; width: 100%; background: #fff; font-size: .9rem; }
  th, td { text-align: left; padding: .45rem .6rem; border-bottom: 1px solid var(--line); vertical-align: top; }
  th { white-space: nowrap; }
  td code { overflow-wrap: anywhere; }
  .ok { color: var(--ok); } .bad { color: var(--danger); }
  .scroll { overflow-x: auto; }
  code { font-size: .85rem; overflow-wrap: anywhere; }
`;

function layout(title: string, body: string, back?: { href: string; label: string }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
${PAGE_ICON}
<style>${STYLE}</style>
</head>
<body>
<header class="bar">${back ? `<a href="${esc(back.href)}">← ${esc(back.label)}</a>` : '<span>Local Stripe</span>'}<span class="test">Test mode · local</span></header>
${body}
</body>
</html>`;
}

function summary(s: Session, priv: SessionPrivate): string {
  const cur = s.currency ?? 'usd';
  const lines = priv.line_items
    .map(
      (li) =>
        `<li><span class="name">${esc(li.description)}</span><span class="amt">${esc(money(li.amount_total, cur))}</span>${
          li.quantity && li.quantity > 1 ? `<span class="qty">Qty ${li.quantity} · ${esc(money(li.price?.unit_amount ?? 0, cur))} each</span>` : ''
        }</li>`,
    )
    .join('');
  const shipping = s.total_details?.amount_shipping ?? 0;
  const discount = s.total_details?.amount_discount ?? 0;
  return `<section class="summary" aria-labelledby="pay-h">
  <h1 id="pay-h">Pay KYB</h1>
  <p class="due">${esc(money(s.amount_total ?? 0, cur))}</p>
  <ul class="lines">${lines}</ul>
  <dl class="totals">
    <div><dt>Subtotal</dt><dd>${esc(money(s.amount_subtotal ?? 0, cur))}</dd></div>
    ${discount ? `<div class="discount"><dt>${esc(priv.discount?.code ?? 'Discount')} (${priv.discount?.percent_off}% off)</dt><dd>−${esc(money(discount, cur))}</dd></div>` : ''}
    ${s.shipping_options.length || s.shipping_address_collection ? `<div><dt>Shipping</dt><dd>${shipping === 0 ? 'Free' : esc(money(shipping, cur))}</dd></div>` : ''}
    <div class="total"><dt>Total due</dt><dd>${esc(money(s.amount_total ?? 0, cur))}</dd></div>
  </dl>
</section>`;
}

/** What the customer typed, to show again after an error. */
export type FormValues = Record<string, string>;

const US_STATES =
  'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY PR'.split(' ');

function field(label: string, name: string, v: FormValues, errorField: string | undefined, attrs = ''): string {
  const invalid = errorField === name ? ' aria-invalid="true" aria-describedby="pay-error"' : '';
  return `<label>${esc(label)}<input name="${name}" value="${esc(v[name] ?? '')}"${invalid} ${attrs}></label>`;
}

export function checkoutPage(s: Session, priv: SessionPrivate, v: FormValues = {}, error?: { message: string; field?: string }): string {
  const cur = s.currency ?? 'usd';
  const back = safeHref(s.cancel_url);
  const rates = priv.rates;
  const selectedRate = v.shipping_rate ?? (typeof s.shipping_cost?.shipping_rate === 'string' ? s.shipping_cost.shipping_rate : rates[0]?.id);
  const ship = s.shipping_address_collection;
  const bank = v.method === 'us_bank_account';
  const shippingFields = ship
    ? `<fieldset><legend>Shipping address</legend>
    ${field('Full name', 'ship_name', v, error?.field, 'autocomplete="shipping name"')}
    <label>Country or region<select name="country" autocomplete="shipping country">${ship.allowed_countries
      .map((c) => `<option value="${esc(c)}"${(v.country ?? 'US') === c ? ' selected' : ''}>${c === 'US' ? 'United States' : esc(c)}</option>`)
      .join('')}</select></label>
    ${field('Address line 1', 'line1', v, error?.field, 'autocomplete="shipping address-line1"')}
    ${field('Address line 2 (optional)', 'line2', v, error?.field, 'autocomplete="shipping address-line2"')}
    ${field('City', 'city', v, error?.field, 'autocomplete="shipping address-level2"')}
    <div class="row">
      <label>State<select name="state" autocomplete="shipping address-level1"${error?.field === 'state' ? ' aria-invalid="true"' : ''}><option value="">Select</option>${US_STATES.map(
        (st) => `<option${v.state === st ? ' selected' : ''}>${st}</option>`,
      ).join('')}</select></label>
      ${field('ZIP', 'postal_code', v, error?.field, 'inputmode="numeric" autocomplete="shipping postal-code"')}
    </div>
  </fieldset>`
    : '';
  const rateFields =
    rates.length > 1
      ? `<fieldset><legend>Shipping method</legend>${rates
          .map(
            (r: Stripe.ShippingRate) =>
              `<label class="choice"><input type="radio" name="shipping_rate" value="${esc(r.id)}"${r.id === selectedRate ? ' checked' : ''}> ${esc(r.display_name)} · ${
                r.fixed_amount?.amount ? esc(money(r.fixed_amount.amount, cur)) : 'Free'
              }</label>`,
          )
          .join('')}</fieldset>`
      : rates.length === 1
        ? `<input type="hidden" name="shipping_rate" value="${esc(rates[0].id)}">`
        : '';
  const body = `<main class="wrap">
${summary(s, priv)}
<form class="pay" method="post" action="/stripe/pay/${esc(s.id)}" novalidate>
  ${error ? `<p class="error" id="pay-error" role="alert">${esc(error.message)}</p>` : ''}
  <fieldset><legend>Contact information</legend>
    ${
      s.customer_email
        ? field('Email', 'email', { email: s.customer_email }, undefined, 'type="email" readonly')
        : field('Email', 'email', v, error?.field, 'type="email" autocomplete="email" required')
    }
  </fieldset>
  ${shippingFields}
  ${rateFields}
  <fieldset><legend>Payment method</legend>
    <label class="choice"><input type="radio" id="pm-card" name="method" value="card"${bank ? '' : ' checked'}> Card</label>
    <label class="choice"><input type="radio" id="pm-bank" name="method" value="us_bank_account"${bank ? ' checked' : ''}> US bank account</label>
    <div class="card-fields">
      ${field('Card number', 'card_number', v, error?.field, 'inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234"')}
      <div class="row">
        ${field('Expiration (MM / YY)', 'card_expiry', v, error?.field, 'inputmode="numeric" autocomplete="cc-exp" placeholder="MM / YY"')}
        ${field('CVC', 'card_cvc', v, error?.field, 'inputmode="numeric" autocomplete="cc-csc" placeholder="CVC"')}
      </div>
      ${field('Cardholder name', 'name', v, error?.field, 'autocomplete="cc-name"')}
    </div>
    <div class="bank-fields">
      ${field('Routing number', 'routing', { ...v, routing: v.routing ?? '110000000' }, error?.field, 'inputmode="numeric"')}
      ${field('Account number', 'account', v, error?.field, 'inputmode="numeric"')}
      ${field('Account holder name', 'holder', v, error?.field, 'autocomplete="name"')}
    </div>
  </fieldset>
  <button type="submit">Pay ${esc(money(s.amount_total ?? 0, cur))}</button>
  <p class="hint">Test mode. Cards: <code>4242 4242 4242 4242</code> succeeds, <code>4000 0000 0000 0002</code> is declined; any future date and any CVC. Bank account (routing <code>110000000</code>): <code>000123456789</code> succeeds a few seconds later, <code>000111111113</code> fails then.</p>
</form>
</main>`;
  return layout(`Pay ${money(s.amount_total ?? 0, cur)} · KYB (local Stripe)`, body, back ? { href: back, label: 'Back' } : undefined);
}

/** A session that cannot be paid (any more), or the end of a payment without a success_url. */
export function noticePage(title: string, text: string, link?: { href: string; label: string }): string {
  const href = safeHref(link?.href);
  return layout(
    `${title} · local Stripe`,
    `<main class="wrap"><section class="notice"><h1>${esc(title)}</h1><p>${esc(text)}</p>${href ? `<p><a href="${esc(href)}">${esc(link!.label)}</a></p>` : ''}</section></main>`,
  );
}

export function dashboardPage(config: StripeConfig, apiUrl: string, paused: boolean, sessions: Session[]): string {
  const rows = sessions
    .map(
      (s) =>
        `<tr><td><a href="/stripe/sessions/${esc(s.id)}"><code>${esc(s.id.slice(0, 20))}…</code></a></td><td>${esc(
          new Date(s.created * 1000).toISOString().slice(0, 19).replace('T', ' '),
        )}</td><td>${esc(money(s.amount_total ?? 0, s.currency ?? 'usd'))}</td><td>${esc(s.status)} · ${esc(s.payment_status)}</td><td>${esc(s.client_reference_id ?? '')}</td></tr>`,
    )
    .join('');
  return layout(
    'Local Stripe',
    `<main class="wrap" style="display:block">
  <h1 style="font-size:1.4rem;color:var(--ink)">Local Stripe (test mode)</h1>
  <dl class="totals">
    <div><dt>API</dt><dd><code>${esc(apiUrl)}/v1</code></dd></div>
    <div><dt>Webhook endpoint</dt><dd><code>${esc(config.webhookUrl || '(none)')}</code></dd></div>
    <div><dt>Signing secret</dt><dd><code>${esc(config.webhookSecret)}</code></dd></div>
    <div><dt>Delivery queue</dt><dd>${paused ? 'paused' : 'running'}</dd></div>
  </dl>
  <h2 style="margin-top:1.5rem">Checkout Sessions</h2>
  <div class="scroll"><table><thead><tr><th>Session</th><th>Created (UTC)</th><th>Total</th><th>Status</th><th>Reference</th></tr></thead><tbody>${
    rows || '<tr><td colspan="5">No sessions yet.</td></tr>'
  }</tbody></table></div>
</main>`,
  );
}

export interface EventRecord {
  event: StripeEvent;
  deliveries: Delivery[];
  attempts: Attempt[];
}

export function sessionPage(s: Session, records: EventRecord[]): string {
  const rows = records
    .map(({ event, deliveries, attempts }) => {
      const tried = attempts
        .map(
          (a) =>
            `<li class="${a.status !== null && a.status < 300 && a.status >= 200 ? 'ok' : 'bad'}">#${a.attempt} ${esc(
              new Date(a.started_ms).toISOString().slice(11, 23),
            )}: ${a.status ?? esc(a.error ?? '')} (${Math.round(a.duration_ms)} ms)</li>`,
        )
        .join('');
      const state = deliveries.map((d) => (d.manual ? `resent: ${d.state}` : d.state)).join(', ');
      return `<tr><td><code>${esc(event.id)}</code></td><td>${esc(event.type)}</td><td>${esc(state || 'no endpoint')}</td><td><ul style="margin:0;padding-left:1rem">${tried}</ul></td></tr>`;
    })
    .join('');
  return layout(
    `${s.id} · local Stripe`,
    `<main class="wrap" style="display:block">
  <h1 style="font-size:1.2rem;color:var(--ink)">Checkout Session <code>${esc(s.id)}</code></h1>
  <p>${esc(s.status)} · ${esc(s.payment_status)} · ${esc(money(s.amount_total ?? 0, s.currency ?? 'usd'))}${
    s.payment_intent ? ` · <code>${esc(typeof s.payment_intent === 'string' ? s.payment_intent : s.payment_intent.id)}</code>` : ''
  }</p>
  ${s.url ? `<p><a href="${esc(s.url)}">Open the checkout page</a></p>` : ''}
  <h2>Events</h2>
  <div class="scroll"><table><thead><tr><th>Event</th><th>Type</th><th>Delivery</th><th>Attempts</th></tr></thead><tbody>${
    rows || '<tr><td colspan="4">No events yet.</td></tr>'
  }</tbody></table></div>
</main>`,
    { href: '/stripe', label: 'All sessions' },
  );
}

const utc = (unix: number) => new Date(unix * 1000).toISOString().slice(0, 19).replace('T', ' ');
const metadataText = (m: Record<string, string> | null | undefined) =>
  Object.entries(m ?? {})
    .map(([k, v]) => `${esc(k)}: ${esc(v)}`)
    .join('<br>');

/** One payment as Stripe's Dashboard shows it: the PaymentIntent, its charges and refunds, and its session. */
export function paymentPage(pi: PaymentIntent, charges: Charge[], refunds: Refund[], session: Session | null): string {
  const cur = pi.currency ?? 'usd';
  const refunded = charges.reduce((n, c) => n + c.amount_refunded, 0);
  const chargeRows = charges
    .map(
      (c) =>
        `<tr><td><code>${esc(c.id)}</code></td><td>${esc(utc(c.created))}</td><td>${esc(money(c.amount, cur))}</td><td class="${c.status === 'failed' ? 'bad' : 'ok'}">${esc(c.status)}${
          c.refunded ? ' · refunded' : c.amount_refunded ? ` · ${esc(money(c.amount_refunded, cur))} refunded` : ''
        }</td></tr>`,
    )
    .join('');
  const refundRows = refunds
    .map(
      (r) =>
        `<tr><td><code>${esc(r.id)}</code></td><td>${esc(utc(r.created))}</td><td>${esc(money(r.amount, cur))}</td><td>${esc(r.status ?? '')}</td><td>${esc(r.reason ?? '')}</td><td>${metadataText(r.metadata)}</td></tr>`,
    )
    .join('');
  return layout(
    `${pi.id} · local Stripe`,
    `<main class="wrap" style="display:block">
  <h1 style="font-size:1.2rem;color:var(--ink)">Payment <code>${esc(pi.id)}</code></h1>
  <p class="due">${esc(money(pi.amount, cur))}</p>
  <dl class="totals">
    <div><dt>Status</dt><dd>${esc(pi.status)}</dd></div>
    <div><dt>Created (UTC)</dt><dd>${esc(utc(pi.created))}</dd></div>
    <div><dt>Refunded</dt><dd>${esc(money(refunded, cur))}</dd></div>
    <div><dt>Net</dt><dd>${esc(money(charges.filter((c) => c.status === 'succeeded').reduce((n, c) => n + c.amount, 0) - refunded, cur))}</dd></div>
    <div><dt>Checkout Session</dt><dd>${session ? `<a href="/stripe/sessions/${esc(session.id)}"><code>${esc(session.id)}</code></a> · ${esc(session.status)}` : 'none'}</dd></div>
    ${session?.customer_details?.email ? `<div><dt>Customer</dt><dd>${esc(session.customer_details.email)}</dd></div>` : ''}
  </dl>
  <p>${metadataText(pi.metadata)}</p>
  <h2>Charges</h2>
  <div class="scroll"><table><thead><tr><th>Charge</th><th>Created (UTC)</th><th>Amount</th><th>Status</th></tr></thead><tbody>${
    chargeRows || '<tr><td colspan="4">No charge yet.</td></tr>'
  }</tbody></table></div>
  <h2 style="margin-top:1.5rem">Refunds</h2>
  <div class="scroll"><table><thead><tr><th>Refund</th><th>Created (UTC)</th><th>Amount</th><th>Status</th><th>Reason</th><th>Metadata</th></tr></thead><tbody>${
    refundRows || '<tr><td colspan="6">No refunds.</td></tr>'
  }</tbody></table></div>
</main>`,
    { href: '/stripe', label: 'All sessions' },
  );
}
