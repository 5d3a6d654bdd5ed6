/**
 * Fixture helpers shared by the admin elements' tests (gallery-admin, gallery-planner, admin-inbox,
 * review-moderation): set-up through the real APIs, not the UI under test.
 * The stack is shared by the whole run, so each test starts from an empty gallery and leaves it empty.
 */
import { $, anonKey, assert, backendUrl, button, field, mount, text, type, waitFor, type RestOptions } from './helpers.ts';

export const ADMIN = { email: 'admin@kyb.local', password: 'kyb-admin-2025' };

/** Password grant straight against the auth API: an access token for fixture calls. */
export async function tokenFor({ email, password }) {
  const r = await fetch(`${backendUrl()}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: anonKey(), 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = await r.json();
  assert(r.ok && body.access_token, `fixture sign-in failed for ${email}: ${JSON.stringify(body)}`);
  return body.access_token;
}

/** A REST call on planner_gallery with a token (admin fixture writes, RLS probes). */
export async function galleryRest(token: string, { method = 'GET', query = 'select=*&order=display_order.asc', body, prefer }: RestOptions & { query?: string } = {}) {
  const r = await fetch(`${backendUrl()}/rest/v1/planner_gallery?${query}`, {
    method,
    headers: {
      apikey: anonKey(),
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      ...(prefer ? { prefer } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const textBody = await r.text();
  return { status: r.status, body: textBody ? JSON.parse(textBody) : null };
}

/** Empties the gallery (rows and their stored files) as the admin. */
export async function clearGallery(token) {
  const { body: rows } = await galleryRest(token);
  const paths = [
    ...new Set(
      (rows ?? [])
        .map((r) => r.image_url.split('/object/public/planner-gallery/')[1])
        .filter(Boolean)
        .map(decodeURIComponent),
    ),
  ];
  if (paths.length) {
    await fetch(`${backendUrl()}/storage/v1/object/planner-gallery`, {
      method: 'DELETE',
      headers: { apikey: anonKey(), authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ prefixes: paths }),
    });
  }
  const del = await galleryRest(token, { method: 'DELETE', query: 'id=not.is.null' });
  assert(del.status < 300, `could not clear the gallery: ${JSON.stringify(del)}`);
}

/**
 * Uploads a small PNG to the planner-gallery bucket as the admin and returns its public URL: rows
 * seeded straight into the table point at it (image_url must be an http(s) URL).
 */
export async function fixtureImageUrl(token, color = '#7a4b2a') {
  const name = `fixture-${Date.now()}-${Math.random().toString(36).slice(2, 7)}.png`;
  const form = new FormData();
  form.append('cacheControl', '3600');
  form.append('', await pngFile(name, color), name);
  const r = await fetch(`${backendUrl()}/storage/v1/object/planner-gallery/${name}`, {
    method: 'POST',
    headers: { apikey: anonKey(), authorization: `Bearer ${token}`, 'x-upsert': 'false' },
    body: form,
  });
  assert(r.ok, `fixture upload failed: ${r.status} ${await r.text()}`);
  return `${backendUrl()}/storage/v1/object/public/planner-gallery/${name}`;
}

/** Inserts rows as the admin; returns them. */
export async function seedItems(token, rows) {
  const r = await galleryRest(token, { method: 'POST', query: 'select=*', body: rows, prefer: 'return=representation' });
  assert(r.status === 201, `seed failed: ${JSON.stringify(r)}`);
  return r.body;
}

/** A small real PNG drawn on a canvas. */
export async function pngFile(name = 'photo.png', color = '#7a4b2a') {
  const c = document.createElement('canvas');
  c.width = 64;
  c.height = 48;
  const g = c.getContext('2d');
  g.fillStyle = color;
  g.fillRect(0, 0, 64, 48);
  const blob = await new Promise<Blob>((ok) => c.toBlob((b) => ok(b!), 'image/png'));
  return new File([blob], name, { type: 'image/png' });
}

/** A short real WebM video recorded from a canvas. */
export async function webmFile(name = 'clip.webm') {
  const c = document.createElement('canvas');
  c.width = 64;
  c.height = 48;
  const g = c.getContext('2d');
  const stream = c.captureStream(10);
  const rec = new MediaRecorder(stream, { mimeType: 'video/webm' });
  const parts = [];
  rec.ondataavailable = (e) => parts.push(e.data);
  const done = new Promise((ok) => (rec.onstop = ok));
  rec.start();
  for (let i = 0; i < 5; i++) {
    g.fillStyle = i % 2 ? '#c9a227' : '#2b2118';
    g.fillRect(0, 0, 64, 48);
    await new Promise((r) => setTimeout(r, 60));
  }
  rec.stop();
  await done;
  return new File(parts, name, { type: 'video/webm' });
}

/** Sign in through kyb-auth-button, the way a visitor does (the auth store is shared by all elements). */
export async function signIn(u) {
  const bar = await mount('<kyb-auth-button></kyb-auth-button>');
  await waitFor(() => $(bar, 'button'), 'auth button ready');
  button(bar, 'Sign in').click();
  await waitFor(() => $(bar, 'dialog')?.open, 'sign-in dialog');
  await type(field(bar, 'Email'), u.email);
  await type(field(bar, 'Password'), u.password);
  $(bar, '[role="tabpanel"]:not([hidden]) button[type="submit"]').click();
  await waitFor(() => $(bar, '[part~="greeting"]')?.title === u.email, 'signed in', 15_000);
  return bar;
}

export async function signOut(bar) {
  button(bar, 'Sign out').click();
  await waitFor(() => [...bar.shadowRoot.querySelectorAll('button')].some((b) => text(b) === 'Sign in'), 'signed out');
}

/** Hands a file to an <input type=file> the way a picker does. */
export function pick(input, file) {
  const dt = new DataTransfer();
  dt.items.add(file);
  input.files = dt.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}
