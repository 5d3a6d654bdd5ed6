/**
 * What the lead-form tests share (access-modal, beta-gate, lead-forms): the stored leads read back with
 * a service-role REST query (assertions only), the page's analytics log, inline errors, and a network
 * outage for the length of a callback.
 */
import { assert, backendUrl, collectingErrors, equal, text, serviceKey, whileUnreachable } from './helpers.ts';

/** The leads stored for an e-mail address (service role: the table is closed to anon). */
export async function leadsFor(email) {
  const key = await serviceKey();
  const r = await fetch(`${backendUrl()}/rest/v1/leads?email=eq.${encodeURIComponent(email.toLowerCase())}&select=kind,email,payload,source_page&order=created_at.asc`, {
    headers: { apikey: key, authorization: `Bearer ${key}` },
  });
  const body = await r.json();
  assert(r.ok, `service-role read of leads → ${r.status} ${JSON.stringify(body)}`);
  return body;
}

export async function oneLead(email, kind) {
  const rows = await leadsFor(email);
  equal(rows.length, 1, `one lead stored for ${email} (${JSON.stringify(rows)})`);
  equal(rows[0].kind, kind, 'lead kind');
  return rows[0];
}

/** The page's analytics log (widgets/core/analytics.ts keeps it on globalThis). */
export const tracked = (name) => (globalThis[Symbol.for('kyb.analytics')] ?? []).filter((e) => e.name === name);

export const errorsOf = (root) => [...root.querySelectorAll('.kyb-error')].map(text);

/**
 * Points the elements at a closed port for the duration of fn (a network outage). The elements log
 * the failed request; the test asserts that and keeps the output quiet.
 */
export async function offline(fn) {
  const logged = await collectingErrors(() => whileUnreachable(fn));
  assert(
    logged.some((a) => String(a[0]).startsWith('[kyb]')),
    'the failure is logged for the site owner',
  );
}
