/**
 * The local Acuity Scheduling stand-in (README.md beside this file): created once per stack (app.ts), it
 * answers `/api/v1/*` (api.ts), `/acuity` (a page to book, cancel, mark a no-show and end an appointment
 * now) and `/acuity/_test/*` (the same as JSON test controls), and sends each change to the webhook URL as
 * Acuity does: `application/x-www-form-urlencoded`, signed in `X-Acuity-Signature`.
 *
 * Test controls (local only; JSON in and out; a POST must say `Content-Type: application/json`):
 *   POST /acuity/_test/appointments                {email, firstName?, lastName?, appointmentTypeID?, datetime?, startsInMinutes?}
 *   POST /acuity/_test/appointments/:id/cancel
 *   POST /acuity/_test/appointments/:id/noshow     {noShow?: boolean}  (default true)
 *   POST /acuity/_test/appointments/:id/reschedule {datetime}
 *   POST /acuity/_test/appointments/:id/end        (the clock moves so that it ends now)
 *   GET  /acuity/_test/appointments/:id/webhooks   (its notifications, with their deliveries)
 *   POST /acuity/_test/webhooks/:id/deliver        (sends one notification now, again if it was sent)
 *   POST /acuity/_test/webhooks/pause | /webhooks/resume
 */
import type { StackContext } from '../http.ts';
import { json, readBody } from '../http.ts';
import type { AcuityConfig } from '../config.ts';
import { createHmac, randomBytes } from 'node:crypto';
import { APPOINTMENT_TYPES, CALENDAR, handleApi, render } from './api.ts';
import { acuityPage, PAGE_HEADERS } from './pages.ts';
import {
  allAppointments,
  ensureSchema,
  insertAppointment,
  loadAppointment,
  loadWebhook,
  pendingWebhooks,
  queueWebhook,
  recentAppointments,
  recordDelivery,
  saveAppointment,
  webhooksOf,
  type Appointment,
  type Webhook,
} from './store.ts';

export type { Appointment, Webhook };

import type { AcuityStandIn, BookInput } from './stand-in.ts';
export type { AcuityStandIn, BookInput };

export class AcuityInputError extends Error {}

/** The signature Acuity puts in `X-Acuity-Signature`: base64 HMAC-SHA256 of the body, keyed with the API key. */
export const signBody = (apiKey: string, body: string) => createHmac('sha256', apiKey).update(body, 'utf8').digest('base64');

export async function createAcuityStandIn(ctx: StackContext): Promise<AcuityStandIn> {
  await ensureSchema(ctx.db);
  const config = (): AcuityConfig => ctx.config.acuity;
  const fetchFor = (url: string) => (url.startsWith(`${ctx.config.publicUrl}/`) ? ctx.selfFetch : fetch);
  let paused = false;

  async function send(w: Webhook): Promise<Webhook> {
    const url = config().webhookUrl;
    if (!url) {
      await recordDelivery(ctx.db.query, w.id, 'failed', null, 'No webhook URL is configured.');
    } else {
      try {
        const res = await fetchFor(url)(url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Acuity-Signature': signBody(config().apiKey, w.body), 'User-Agent': 'Acuity-Webhooks' },
          body: w.body,
          redirect: 'manual',
          signal: AbortSignal.timeout(config().deliveryTimeoutMs),
        });
        const text = await res.text();
        await recordDelivery(ctx.db.query, w.id, res.ok ? 'delivered' : 'failed', res.status, text);
      } catch (e) {
        await recordDelivery(ctx.db.query, w.id, 'failed', null, e instanceof Error ? e.message : String(e));
      }
    }
    return (await loadWebhook(ctx.db.query, w.id))!;
  }

  /** Stores the change and its notification in one transaction, then sends it unless the queue is held. */
  async function change(id: number, action: string, edit: (a: Appointment) => void): Promise<Appointment> {
    const { appointment, hook } = await ctx.db.tx(async (q) => {
      const a = await loadAppointment(q, id, true);
      if (!a) throw new AcuityInputError(`No appointment ${id}.`);
      edit(a);
      await saveAppointment(q, a);
      return { appointment: a, hook: await queueWebhook(q, a.id, action, notification(a, action)) };
    });
    if (!paused) await send((await loadWebhook(ctx.db.query, hook))!);
    return appointment;
  }

  const notification = (a: Appointment, action: string) =>
    new URLSearchParams({ action, id: String(a.id), calendarID: String(a.calendarID), appointmentTypeID: String(a.appointmentTypeID) }).toString();

  const startOf = (datetime: string | undefined, minutesFromNow: number | undefined) => {
    if (datetime !== undefined) {
      const ms = Date.parse(datetime);
      if (Number.isNaN(ms)) throw new AcuityInputError('datetime is not an ISO 8601 date and time.');
      return ms;
    }
    return Date.now() + (minutesFromNow ?? 60) * 60_000;
  };

  async function book(input: BookInput): Promise<Appointment> {
    const type = APPOINTMENT_TYPES.find((t) => t.id === (input.appointmentTypeID ?? APPOINTMENT_TYPES[0].id));
    if (!type) throw new AcuityInputError(`No appointment type ${input.appointmentTypeID}: ${APPOINTMENT_TYPES.map((t) => t.id).join(', ')}.`);
    if (typeof input.email !== 'string') throw new AcuityInputError('email is required.');
    const start = startOf(input.datetime, input.startsInMinutes);
    const { appointment, hook } = await ctx.db.tx(async (q) => {
      const a = await insertAppointment(q, {
        firstName: input.firstName ?? 'Test',
        lastName: input.lastName ?? 'Client',
        email: input.email,
        phone: input.phone ?? '',
        start,
        duration: type.duration,
        appointmentTypeID: type.id,
        calendarID: CALENDAR.id,
        canceled: false,
        noShow: false,
        created: Date.now(),
        key: randomBytes(16).toString('hex'),
      });
      return { appointment: a, hook: await queueWebhook(q, a.id, 'appointment.scheduled', notification(a, 'appointment.scheduled')) };
    });
    if (!paused) await send((await loadWebhook(ctx.db.query, hook))!);
    return appointment;
  }

  const standIn: AcuityStandIn = {
    api: (req, path) =>
      handleApi(req, path, { config: config(), publicUrl: ctx.config.publicUrl, load: (id) => loadAppointment(ctx.db.query, id), all: () => allAppointments(ctx.db.query) }),
    site,
    book,
    cancel: (id) =>
      change(id, 'appointment.canceled', (a) => {
        a.canceled = true;
      }),
    // Acuity sends `changed` for any change that is not a booking, a reschedule or a cancellation.
    noShow: (id, noShow = true) =>
      change(id, 'appointment.changed', (a) => {
        a.noShow = noShow;
      }),
    reschedule: (id, datetime) =>
      change(id, 'appointment.rescheduled', (a) => {
        a.start = startOf(datetime, undefined);
      }),
    endNow: (id) =>
      change(id, 'appointment.changed', (a) => {
        a.start = Date.now() - a.duration * 60_000;
      }),
    appointment: async (id) => {
      const a = await loadAppointment(ctx.db.query, id);
      return a ? render(a, ctx.config.publicUrl, config()) : null;
    },
    webhooks: (id) => webhooksOf(ctx.db.query, id),
    deliver: async (webhookId) => {
      const w = await loadWebhook(ctx.db.query, webhookId);
      if (!w) throw new AcuityInputError(`No webhook ${webhookId}.`);
      return send(w);
    },
    pause: () => {
      paused = true;
    },
    resume: async () => {
      paused = false;
      for (const w of await pendingWebhooks(ctx.db.query)) await send(w);
    },
    get paused() {
      return paused;
    },
  };

  async function controls(req: Request, path: string): Promise<Response> {
    const answer = async (fn: () => Promise<unknown>) => {
      try {
        return json((await fn()) ?? { ok: true }, 200, { 'Cache-Control': 'no-store' });
      } catch (e) {
        if (e instanceof AcuityInputError) return json({ error: e.message }, 400);
        throw e;
      }
    };
    let m: RegExpExecArray | null;
    if (req.method === 'GET') {
      if ((m = /^\/appointments\/(\d{1,15})\/webhooks$/.exec(path))) {
        const id = Number(m[1]);
        return answer(() => standIn.webhooks(id));
      }
      return json({ error: 'Not found' }, 404);
    }
    if (req.method !== 'POST') return json({ error: 'Method not allowed' }, 405, { Allow: 'GET, POST' });
    if (!(req.headers.get('content-type') ?? '').toLowerCase().startsWith('application/json')) {
      return json({ error: 'The test controls take JSON (Content-Type: application/json).' }, 415);
    }
    const text = new TextDecoder().decode(await readBody(req, 64 * 1024));
    let body: Record<string, unknown>;
    try {
      body = text ? JSON.parse(text) : {};
    } catch {
      return json({ error: 'The body is not valid JSON.' }, 400);
    }
    const rendered = async (a: Promise<Appointment>) => render(await a, ctx.config.publicUrl, config());
    if (path === '/appointments') return answer(() => rendered(book(body as unknown as BookInput)));
    if ((m = /^\/appointments\/(\d{1,15})\/(cancel|noshow|reschedule|end)$/.exec(path))) {
      const id = Number(m[1]);
      const op = m[2];
      if (op === 'cancel') return answer(() => rendered(standIn.cancel(id)));
      if (op === 'noshow') return answer(() => rendered(standIn.noShow(id, body.noShow !== false)));
      if (op === 'reschedule') return answer(() => rendered(standIn.reschedule(id, String(body.datetime ?? ''))));
      return answer(() => rendered(standIn.endNow(id)));
    }
    if ((m = /^\/webhooks\/(\d{1,9})\/deliver$/.exec(path))) {
      const id = Number(m[1]);
      return answer(() => standIn.deliver(id));
    }
    if (path === '/webhooks/pause') return answer(async () => standIn.pause());
    if (path === '/webhooks/resume') return answer(() => standIn.resume());
    return json({ error: 'Not found' }, 404);
  }

  /** The page's forms: book, and one button per step of each appointment; then back to the page. */
  async function pageAction(req: Request, path: string): Promise<Response> {
    const form = new URLSearchParams(new TextDecoder().decode(await readBody(req, 16 * 1024)));
    const back = (notice: string) => new Response(null, { status: 303, headers: { Location: `/acuity?notice=${encodeURIComponent(notice)}` } });
    try {
      if (path === '/book') {
        const a = await book({
          email: form.get('email') ?? '',
          firstName: form.get('firstName') || undefined,
          appointmentTypeID: Number(form.get('appointmentTypeID')) || undefined,
          startsInMinutes: Number(form.get('startsInMinutes') ?? 60),
        });
        return back(`Booked appointment ${a.id}.`);
      }
      const m = /^\/appointments\/(\d{1,15})\/(cancel|noshow|end)$/.exec(path);
      if (!m) return new Response('Not found', { status: 404 });
      const id = Number(m[1]);
      if (m[2] === 'cancel') await standIn.cancel(id);
      else if (m[2] === 'noshow') await standIn.noShow(id, form.get('noShow') !== 'false');
      else await standIn.endNow(id);
      return back(`Appointment ${id}: ${m[2] === 'end' ? 'ended now' : m[2] === 'cancel' ? 'canceled' : 'no-show changed'}.`);
    } catch (e) {
      if (e instanceof AcuityInputError) return back(e.message);
      throw e;
    }
  }

  async function site(req: Request, path: string): Promise<Response> {
    if (path.startsWith('/_test/')) return controls(req, path.slice('/_test'.length));
    if (req.method === 'POST') return pageAction(req, path);
    if (req.method !== 'GET' && req.method !== 'HEAD') return new Response('Method not allowed', { status: 405, headers: { Allow: 'GET, POST' } });
    if (path === '/' || path === '') {
      const list = await recentAppointments(ctx.db.query, 50);
      const withHooks = await Promise.all(list.map(async (a) => ({ a: render(a, ctx.config.publicUrl, config()), hooks: await webhooksOf(ctx.db.query, a.id) })));
      return new Response(acuityPage(withHooks, config(), new URL(req.url).searchParams.get('notice')), { headers: PAGE_HEADERS });
    }
    const one = /^\/appointments\/(\d{1,15})$/.exec(path);
    if (one) {
      const a = await loadAppointment(ctx.db.query, Number(one[1]));
      if (!a || new URL(req.url).searchParams.get('key') !== a.key) return new Response('Not found', { status: 404 });
      return new Response(acuityPage([{ a: render(a, ctx.config.publicUrl, config()), hooks: [] }], config(), null, true), { headers: PAGE_HEADERS });
    }
    return new Response('Not found', { status: 404 });
  }

  return standIn;
}
