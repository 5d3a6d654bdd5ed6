/**
 * The Acuity stand-in's state, in the stack's own database under a private schema (`local_acuity`) it
 * creates itself, as the local Stripe does (../stripe/store.ts): not a migration (hosted Supabase has no
 * such schema; Acuity keeps this state), no privilege for the API roles, so PostgREST never exposes it.
 *
 *   appointments  each appointment as the stand-in keeps it (`data`: the fields it renders from)
 *   webhooks      each notification: its form body, and its delivery (pending while the queue is held,
 *                 then delivered or failed, with the answer)
 */
import type { Db, Query } from '../db.ts';

export const SCHEMA = 'local_acuity';

const SCHEMA_SQL = `
  create schema if not exists ${SCHEMA};
  revoke all on schema ${SCHEMA} from public;
  create table if not exists ${SCHEMA}.appointments (
    id bigint generated always as identity (start with 1000001) primary key,
    data json not null
  );
  create table if not exists ${SCHEMA}.webhooks (
    id integer generated always as identity primary key,
    appointment_id bigint not null,
    action text not null,
    body text not null,
    state text not null default 'pending' check (state in ('pending', 'delivered', 'failed')),
    status integer,
    response text,
    created_ms double precision not null,
    sent_ms double precision
  );
  create index if not exists webhooks_appointment_idx on ${SCHEMA}.webhooks (appointment_id, id);
`;

export async function ensureSchema(db: Db) {
  await db.exec(SCHEMA_SQL);
}

/** What the stand-in keeps of an appointment; the API renders the rest from it (api.ts). */
export interface StoredAppointment {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  /** Start, milliseconds since the epoch. */
  start: number;
  /** Minutes. */
  duration: number;
  appointmentTypeID: number;
  calendarID: number;
  canceled: boolean;
  noShow: boolean;
  /** When it was booked, milliseconds since the epoch. */
  created: number;
  /** The client's own page's key (`confirmationPage`). */
  key: string;
}

export interface Appointment extends StoredAppointment {
  id: number;
}

export interface Webhook {
  id: number;
  appointment_id: number;
  action: string;
  body: string;
  state: 'pending' | 'delivered' | 'failed';
  status: number | null;
  response: string | null;
  created_ms: number;
  sent_ms: number | null;
}

export async function loadAppointment(q: Query, id: number, forUpdate = false): Promise<Appointment | null> {
  const r = await q<{ id: string | number; data: StoredAppointment }>(`select id, data from ${SCHEMA}.appointments where id = $1 ${forUpdate ? 'for update' : ''}`, [id]);
  const row = r.rows[0];
  return row ? { ...row.data, id: Number(row.id) } : null;
}

export async function insertAppointment(q: Query, a: StoredAppointment): Promise<Appointment> {
  const r = await q<{ id: string | number }>(`insert into ${SCHEMA}.appointments (data) values ($1::json) returning id`, [JSON.stringify(a)]);
  return { ...a, id: Number(r.rows[0].id) };
}

export async function saveAppointment(q: Query, a: Appointment) {
  const { id, ...data } = a;
  await q(`update ${SCHEMA}.appointments set data = $2::json where id = $1`, [id, JSON.stringify(data)]);
}

export async function recentAppointments(q: Query, limit: number): Promise<Appointment[]> {
  const r = await q<{ id: string | number; data: StoredAppointment }>(`select id, data from ${SCHEMA}.appointments order by id desc limit $1`, [limit]);
  return r.rows.map((row) => ({ ...row.data, id: Number(row.id) }));
}

export async function allAppointments(q: Query): Promise<Appointment[]> {
  const r = await q<{ id: string | number; data: StoredAppointment }>(`select id, data from ${SCHEMA}.appointments order by id`);
  return r.rows.map((row) => ({ ...row.data, id: Number(row.id) }));
}

export async function queueWebhook(q: Query, appointmentId: number, action: string, body: string): Promise<number> {
  const r = await q<{ id: number }>(`insert into ${SCHEMA}.webhooks (appointment_id, action, body, created_ms) values ($1, $2, $3, $4) returning id`, [
    appointmentId,
    action,
    body,
    Date.now(),
  ]);
  return r.rows[0].id;
}

export async function webhooksOf(q: Query, appointmentId: number): Promise<Webhook[]> {
  return (await q<Webhook>(`select * from ${SCHEMA}.webhooks where appointment_id = $1 order by id`, [appointmentId])).rows;
}

export async function loadWebhook(q: Query, id: number): Promise<Webhook | null> {
  return (await q<Webhook>(`select * from ${SCHEMA}.webhooks where id = $1`, [id])).rows[0] ?? null;
}

export async function pendingWebhooks(q: Query): Promise<Webhook[]> {
  return (await q<Webhook>(`select * from ${SCHEMA}.webhooks where state = 'pending' order by id`)).rows;
}

export async function recordDelivery(q: Query, id: number, state: 'delivered' | 'failed', status: number | null, response: string) {
  await q(`update ${SCHEMA}.webhooks set state = $2, status = $3, response = $4, sent_ms = $5 where id = $1`, [id, state, status, response.slice(0, 2000), Date.now()]);
}
