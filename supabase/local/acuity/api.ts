/**
 * The stand-in's API (`/api/v1/*`, the path Acuity's own API has under its host): HTTP Basic auth with the
 * user id and the API key, and the two calls the functions make, rendered with Acuity's field names and
 * formats: `GET /api/v1/appointments/:id`, and `GET /api/v1/appointments` with the parameters the
 * reconcile job sends (LIST_PARAMS). Everything else, another parameter or a value this stand-in cannot
 * read as Acuity would, is refused in Acuity's error shape (`{status_code, error, message}`), never
 * answered with a guess.
 */
import type { AcuityConfig } from '../config.ts';
import type { Appointment } from './store.ts';

/** The studio's calendar and appointment types, as the stand-in's account has them. */
export const CALENDAR = { id: 4401, name: 'KYB Studio', timezone: 'America/New_York' };
export const APPOINTMENT_TYPES = [
  { id: 5501, name: 'Loc Retwist', duration: 90, price: '85.00', category: 'Locs' },
  { id: 5502, name: 'Starter Locs', duration: 180, price: '180.00', category: 'Locs' },
  { id: 5503, name: 'Holistic Consultation', duration: 30, price: '0.00', category: 'Consultations' },
];

export const acuityError = (status: number, error: string, message: string) =>
  new Response(JSON.stringify({ status_code: status, error, message }), { status, headers: { 'Content-Type': 'application/json' } });

/** What the stand-in does not implement: refused, naming itself, so no test passes on a guess. */
export const notImplemented = (what: string) =>
  acuityError(
    404,
    'not_implemented_locally',
    `The local Acuity stand-in does not implement ${what}. Acuity may; this stand-in refuses it rather than guess (supabase/local/acuity/README.md lists what is implemented).`,
  );

const pad = (n: number) => String(n).padStart(2, '0');

/** Wall-clock parts of an instant in the calendar's time zone, and its offset (`-0500`). */
function zoned(ms: number, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hourCycle: 'h12',
      timeZoneName: 'longOffset',
    })
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  );
  const offset = /GMT([+-]\d\d):(\d\d)/.exec(parts.timeZoneName ?? '');
  const utcOffset = offset ? `${offset[1]}${offset[2]}` : '+0000';
  const local = new Date(ms + (offset ? (Number(offset[1]) * 60 + Math.sign(Number(offset[1]) || 1) * Number(offset[2])) * 60_000 : 0));
  return {
    date: `${parts.month} ${parts.day}, ${parts.year}`,
    time: `${parts.hour}:${parts.minute}${String(parts.dayPeriod).toLowerCase()}`,
    iso: `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}T${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}${utcOffset}`,
  };
}

/** An appointment as Acuity's API renders it. */
export function render(a: Appointment, publicUrl: string, config: AcuityConfig) {
  const type = APPOINTMENT_TYPES.find((t) => t.id === a.appointmentTypeID) ?? APPOINTMENT_TYPES[0];
  const start = zoned(a.start, CALENDAR.timezone);
  const end = zoned(a.start + a.duration * 60_000, CALENDAR.timezone);
  const created = zoned(a.created, CALENDAR.timezone);
  return {
    id: a.id,
    firstName: a.firstName,
    lastName: a.lastName,
    phone: a.phone,
    email: a.email,
    date: start.date,
    time: start.time,
    endTime: end.time,
    dateCreated: created.date,
    datetimeCreated: created.iso,
    datetime: start.iso,
    price: type.price,
    priceSold: type.price,
    paid: 'no',
    amountPaid: '0.00',
    type: type.name,
    appointmentTypeID: type.id,
    classID: null,
    addonIDs: [],
    category: type.category,
    duration: String(a.duration),
    calendar: CALENDAR.name,
    calendarID: a.calendarID,
    certificate: null,
    confirmationPage: `${publicUrl}/acuity/appointments/${a.id}?owner=${encodeURIComponent(config.userId)}&key=${a.key}`,
    location: '',
    notes: '',
    timezone: CALENDAR.timezone,
    calendarTimezone: CALENDAR.timezone,
    canceled: a.canceled,
    canClientCancel: !a.canceled,
    canClientReschedule: !a.canceled,
    noShow: a.noShow,
    labels: null,
    forms: [],
    formsText: '',
  };
}

/** Basic auth with the account's user id and API key, compared whole. */
function authorized(req: Request, config: AcuityConfig): boolean {
  const m = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(req.headers.get('authorization') ?? '');
  if (!m) return false;
  const decoded = Buffer.from(m[1], 'base64').toString('utf8');
  return decoded === `${config.userId}:${config.apiKey}`;
}

/**
 * The parameters of `GET /appointments` the stand-in implements, as Acuity documents them: `minDate` and
 * `maxDate` (the appointment's day on its calendar, both included; only `YYYY-MM-DD` here, though Acuity
 * reads more forms), `max` (default 100) and `canceled` (`true`: the canceled ones only; by default
 * the scheduled ones only). Acuity lists the latest first (its `direction` defaults to DESC).
 */
const LIST_PARAMS: Record<string, RegExp> = {
  minDate: /^\d{4}-\d{2}-\d{2}$/,
  maxDate: /^\d{4}-\d{2}-\d{2}$/,
  max: /^[1-9]\d{0,5}$/,
  canceled: /^(true|false)$/,
};
const LIST_DEFAULT_MAX = 100;

const json200 = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

function list(url: URL, deps: { config: AcuityConfig; publicUrl: string }, all: Appointment[]): Response {
  const p = url.searchParams;
  for (const name of new Set(p.keys())) {
    if (!(name in LIST_PARAMS)) return notImplemented(`the parameter ${name} of GET /api/v1/appointments`);
    const values = p.getAll(name);
    if (values.length > 1) return notImplemented(`the parameter ${name} given more than once`);
    if (!LIST_PARAMS[name].test(values[0])) return notImplemented(`the value ${JSON.stringify(values[0])} of ${name} (implemented: ${LIST_PARAMS[name].source})`);
  }
  const canceled = p.get('canceled') === 'true';
  const max = Number(p.get('max') ?? LIST_DEFAULT_MAX);
  const minDate = p.get('minDate');
  const maxDate = p.get('maxDate');
  const rendered = all
    .filter((a) => a.canceled === canceled)
    .sort((a, b) => b.start - a.start || b.id - a.id)
    .map((a) => render(a, deps.publicUrl, deps.config))
    // The calendar's own day: the date part of `datetime`, written in the calendar's time zone.
    .filter((r) => (!minDate || r.datetime.slice(0, 10) >= minDate) && (!maxDate || r.datetime.slice(0, 10) <= maxDate));
  return json200(rendered.slice(0, max));
}

export async function handleApi(
  req: Request,
  path: string,
  deps: { config: AcuityConfig; publicUrl: string; load: (id: number) => Promise<Appointment | null>; all: () => Promise<Appointment[]> },
): Promise<Response> {
  if (!authorized(req, deps.config)) return acuityError(401, 'unauthorized', 'Invalid user ID or API key. Use HTTP Basic auth with your user ID and API key.');
  const url = new URL(req.url);
  if (path === '/appointments') {
    if (req.method !== 'GET') return notImplemented(`${req.method} /api/v1/appointments`);
    return list(url, deps, await deps.all());
  }
  const one = /^\/appointments\/([^/]+)$/.exec(path);
  if (!one) return notImplemented(`${req.method} /api/v1${path}`);
  if (req.method !== 'GET') return notImplemented(`${req.method} /api/v1/appointments/:id`);
  const params = [...url.searchParams.keys()];
  if (params.length) return notImplemented(`the parameter ${params[0]} of GET /api/v1/appointments/:id`);
  if (!/^\d{1,15}$/.test(one[1])) return acuityError(404, 'not_found', 'The appointment was not found.');
  const a = await deps.load(Number(one[1]));
  if (!a) return acuityError(404, 'not_found', 'The appointment was not found.');
  return json200(render(a, deps.publicUrl, deps.config));
}
