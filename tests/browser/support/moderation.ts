/**
 * What the kyb-review-moderation tests share (review-moderation, review-replies): REST calls with a
 * user's token, the public feed as a visitor reads it, and the panel's controls.
 */
import { $, anonKey, assert, backendUrl, text, waitFor, type RestOptions } from './helpers.ts';

export const SLUG = 'irie-locs';
export const PAGED_SLUG = 'lock-kit';

/** A REST call with a user's token (fixture writes as that user, RLS probes, checks as the admin). */
export async function rest(token: string, path: string, { method = 'GET', body, prefer }: RestOptions = {}) {
  const r = await fetch(`${backendUrl()}/rest/v1/${path}`, {
    method,
    headers: { apikey: anonKey(), authorization: `Bearer ${token}`, 'content-type': 'application/json', ...(prefer ? { prefer } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const t = await r.text();
  return { status: r.status, body: t ? JSON.parse(t) : null };
}

/** The public feed, as a visitor's browser reads it (anon key only). */
export async function feedIds(slug) {
  const r = await fetch(`${backendUrl()}/rest/v1/rpc/review_feed?p_slug=${slug}&p_limit=100`, { headers: { apikey: anonKey() }, cache: 'no-store' });
  assert(r.ok, `review_feed ${r.status}`);
  return (await r.json()).reviews.map((x) => x.id);
}

/** The reply review_feed gives a visitor for review `id` (null: none; undefined: review not listed). */
export async function feedReply(slug, id) {
  const r = await fetch(`${backendUrl()}/rest/v1/rpc/review_feed?p_slug=${slug}&p_limit=50`, { headers: { apikey: anonKey() }, cache: 'no-store' });
  return (await r.json()).reviews.find((x) => x.id === id)?.reply;
}

/** Puts a long text in a React-controlled field at once (as a paste would), firing its input event. */
export function paste(area, value) {
  Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value').set.call(area, value);
  area.dispatchEvent(new Event('input', { bubbles: true }));
}

export const publicUrl = (path) => `${backendUrl()}/storage/v1/object/public/review-media/${path}`;
export const rowOf = (el, id) => $(el, `li[data-id="${id}"]`);
export const tab = (el, status) => $(el, `[part~="tab"][data-status="${status}"]`);
export const panel = (el) =>
  waitFor(
    () => text($(el, '[part~="heading"]')) === 'Review Moderation' && $(el, '[part~="status"]') && !text($(el, '[part~="status"]')).startsWith('Loading'),
    'moderation panel loaded',
    15_000,
  );
export const productSelect = (el) => {
  const l = [...el.shadowRoot.querySelectorAll('label')].find((x) => text(x) === 'Product');
  assert(l, 'product filter');
  return el.shadowRoot.getElementById(l.htmlFor);
};
export const choose = (select, value) => {
  select.value = value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
};
