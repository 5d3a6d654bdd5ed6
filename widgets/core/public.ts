/**
 * The parts of the backend client that need no library: whether a session may exist (so an element
 * knows if it must load the auth client at all) and public object URLs. Apart from supabase.ts so the
 * first view of a public element (the reviews list on a third-party page) does not fetch the client
 * registry with them; supabase.ts re-exports these, and its header documents them.
 */
import { getConfig } from './config.ts';
import { authStorageKey } from './domain.ts';

/** True when localStorage holds a session for this backend (no library loaded to find out). */
export function hasStoredSession(): boolean {
  try {
    const raw = localStorage.getItem(authStorageKey(getConfig().supabaseUrl));
    return !!raw && raw.includes('refresh_token');
  } catch {
    return false;
  }
}

/**
 * False where reading browser storage throws: a sandboxed frame without allow-same-origin, or a frame
 * whose browser blocks third-party storage. No session can be kept there, so nothing offers sign-in
 * (kyb-reviews links to the site instead, issue #22).
 */
export function storageWorks(): boolean {
  try {
    localStorage.getItem(authStorageKey(getConfig().supabaseUrl));
    return true;
  } catch {
    return false;
  }
}

/** The page is a mail-link landing (`#access_token=…` or `#error_description=…`, implicit flow). */
export function authCallbackInUrl(): boolean {
  const h = typeof location === 'undefined' ? '' : location.hash;
  return /(^#|&)(access_token|error_description)=/.test(h);
}

export function shouldLoadAuth(): boolean {
  return hasStoredSession() || authCallbackInUrl();
}

/** Public URL of an object in a public bucket (what storage-js getPublicUrl computes, without it). */
export function storagePublicUrl(bucket: string, path: string): string {
  const enc = path.split('/').map(encodeURIComponent).join('/');
  return `${getConfig().supabaseUrl}/storage/v1/object/public/${encodeURIComponent(bucket)}/${enc}`;
}

/**
 * The URL of a stored media address: a row may hold a path on the project's API
 * (`/storage/v1/object/public/…`, what the seed stores: migration stored_paths) or a full URL (what an
 * upload stores). A path is resolved against the backend the page was built for (or `backend`), at read
 * time.
 */
export function mediaUrl(stored: string, backend?: string): string {
  return stored.startsWith('/') ? `${backend ?? getConfig().supabaseUrl}${stored}` : stored;
}
