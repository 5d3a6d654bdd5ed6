/**
 * The stand-in's page (`/acuity`), HTML without script or external assets, usable on a phone: a form to
 * book, and each recent appointment with its state, its notifications and a button per step (cancel,
 * no-show, end now). `/acuity/appointments/:id?key=…` is the client's own page (`confirmationPage`).
 */
import type { AcuityConfig } from '../config.ts';
import { APPOINTMENT_TYPES } from './api.ts';
import type { render } from './api.ts';
import type { Webhook } from './store.ts';
import { PAGE_ICON } from '../page-icon.ts';

export const PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-store',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; frame-ancestors 'none'; form-action 'self'",
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
};

const esc = (s: unknown) => String(s ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `
  * { box-sizing: border-box; }
  body { margin: 0; background: #f5f7f9; color: #1d2a36; font: 16px/1.5 system-ui, sans-serif; }
  main { max-width: 56rem; margin: 0 auto; padding: 1rem; display: grid; gap: 1rem; }
  h1 { font-size: 1.25rem; margin: 0; } h2 { font-size: 1rem; margin: 0 0 .5rem; }
  .test { background: #ffde92; border-radius: .3rem; padding: .1rem .4rem; font-size: .75rem; font-weight: 700; }
  section, li { background: #fff; border: 1px solid #dde3ea; border-radius: .6rem; padding: .9rem; }
  ul { list-style: none; margin: 0; padding: 0; display: grid; gap: .75rem; }
  form { display: inline; } form.book { display: grid; gap: .6rem; }
  label { display: grid; gap: .2rem; font-size: .9rem; }
  input, select, button { font: inherit; min-height: 44px; padding: .4rem .7rem; border: 1px solid #b9c3cf; border-radius: .4rem; background: #fff; }
  button { cursor: pointer; background: #2b5f8a; color: #fff; border-color: #2b5f8a; margin: .25rem .25rem 0 0; }
  .muted { color: #5b6b7b; font-size: .85rem; } .notice { background: #e6f4ea; }
  code { word-break: break-all; }
`;

type Rendered = ReturnType<typeof render>;

function state(a: Rendered) {
  if (a.canceled) return 'canceled';
  if (a.noShow) return 'no-show';
  const start = Date.parse(a.datetime);
  const end = start + Number(a.duration) * 60_000;
  const now = Date.now();
  // Started but not ended (a booking made in the past, as the page allows): not upcoming, not punched yet.
  return end <= now ? 'ended' : start <= now ? 'in progress' : 'upcoming';
}

function item(a: Rendered, hooks: Webhook[], clientView: boolean) {
  const actions = clientView
    ? ''
    : `<div>
        ${a.canceled ? '' : `<form method="post" action="/acuity/appointments/${a.id}/cancel"><button>Cancel</button></form>`}
        <form method="post" action="/acuity/appointments/${a.id}/noshow"><input type="hidden" name="noShow" value="${a.noShow ? 'false' : 'true'}"><button>${a.noShow ? 'Clear no-show' : 'Mark no-show'}</button></form>
        <form method="post" action="/acuity/appointments/${a.id}/end"><button>End now</button></form>
      </div>
      <p class="muted">Webhooks: ${hooks.map((h) => `${esc(h.action)} → ${esc(h.state)}${h.status ? ` ${h.status}` : ''}`).join(', ') || 'none'}</p>`;
  return `<li>
    <strong>#${a.id} ${esc(a.type)}</strong> <span class="muted">(${state(a)})</span>
    <div>${esc(a.firstName)} ${esc(a.lastName)} · ${esc(a.email)}</div>
    <div class="muted">${esc(a.date)}, ${esc(a.time)}–${esc(a.endTime)} (${esc(a.timezone)})</div>
    ${actions}
  </li>`;
}

export function acuityPage(list: { a: Rendered; hooks: Webhook[] }[], config: AcuityConfig, notice: string | null, clientView = false) {
  const options = APPOINTMENT_TYPES.map((t) => `<option value="${t.id}">${esc(t.name)} (${t.duration} min)</option>`).join('');
  const book = clientView
    ? ''
    : `<section><h2>Book an appointment</h2>
      <form class="book" method="post" action="/acuity/book">
        <label>E-mail <input name="email" type="email" required autocomplete="off"></label>
        <label>First name <input name="firstName" autocomplete="off"></label>
        <label>Service <select name="appointmentTypeID">${options}</select></label>
        <label>Starts in (minutes; negative: in the past) <input name="startsInMinutes" type="number" value="60"></label>
        <button>Book</button>
      </form>
      <p class="muted">Webhooks to <code>${esc(config.webhookUrl || 'nowhere')}</code>, signed with API key <code>${esc(config.apiKey)}</code> (user id ${esc(config.userId)}).</p>
    </section>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${clientView ? 'Your appointment' : 'Local Acuity'}</title>${PAGE_ICON}<style>${STYLE}</style></head>
<body><main>
  <h1>${clientView ? 'Your appointment' : 'Local Acuity Scheduling'} <span class="test">Test</span></h1>
  ${notice ? `<section class="notice" role="status">${esc(notice)}</section>` : ''}
  ${book}
  <section><h2>${clientView ? 'Appointment' : 'Recent appointments'}</h2><ul>${list.map((x) => item(x.a, x.hooks, clientView)).join('') || '<li>None yet.</li>'}</ul></section>
</main></body></html>`;
}
