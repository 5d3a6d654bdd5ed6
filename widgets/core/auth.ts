/**
 * The page's auth state, one store shared by every element (and by every copy of the bundle: it lives
 * on globalThis under Symbol.for('kyb.auth')).
 *
 * API
 * - `useAuth(): AuthState` — `{initializing, user, session, recovery}`; starts the store on first use.
 *   `initializing` is true until the first session lookup completes (docs/accounts.md#session). When localStorage holds
 *   no session and the URL is no mail-link landing, the answer "signed out" is immediate and
 *   supabase-js is not downloaded; it is loaded when a session exists or the user acts.
 * - `ensureAuth(): Promise<KybClient>` — load the client (call it when the user acts: Sign in, …);
 *   resolves once the store follows the client's events.
 * - `getAuthState()`, `subscribeAuth(fn)` — the same store outside React.
 * - `startAuth()` — what useAuth calls; idempotent.
 * - `isAdmin(user)` — `app_metadata.role === 'admin'` (set server-side only; RLS enforces it anyway).
 * - `clearRecovery()` — the set-new-password step is done or dismissed.
 * - `clearConfirmed()` — the "confirmed and signed in" news has been told.
 *
 * `confirmed` is set when the page is the landing of a sign-up confirmation link and that link signed
 * the visitor in (issue #23: the visitor landed with no word). Which link it was is read from the
 * address before supabase-js clears it (`type=signup` beside the tokens; `invite` is a first sign-in too).
 * - `whenProfileSynced()` — wait for the sign-in profile upsert before reading `profiles` (My Account).
 *
 * Follows INITIAL_SESSION, SIGNED_IN, SIGNED_OUT, TOKEN_REFRESHED, USER_UPDATED,
 * MFA_CHALLENGE_VERIFIED (docs/accounts.md#session), and PASSWORD_RECOVERY (sets `recovery`: a recovery mail link
 * landed; kyb-auth-button then asks for a new password).
 * On SIGNED_IN the profile is upserted (docs/data.md#entities: display_name per displayNameFor, avatar_url from
 * user_metadata) without overwriting what the user already edited on My Account.
 * When the signed-in user changes (and once when initialisation ends) `kyb-auth-change` is dispatched
 * on document (bubbles, composed) with `{signedIn, email, userId}`, and
 * `<html data-kyb-auth="signed-in|signed-out">` is set so host pages can show "My Account" links with
 * CSS alone.
 */
import { useEffect, useState } from 'react';
import type { AuthChangeEvent, Session, User } from '@supabase/supabase-js';
import { authStorageKey, displayNameFor, PROFILE_SYNCED_KEY } from './domain.ts';
import { emit } from './events.ts';
import { getConfig, KybConfigError } from './config.ts';
import { pageWide } from './registry.ts';
import { getSupabase, shouldLoadAuth } from './supabase.ts';
import type { KybClient } from './supabase.ts';

export type { Session, User };

export interface AuthState {
  initializing: boolean;
  user: User | null;
  session: Session | null;
  /** A password-recovery link landed: the visitor should choose a new password. */
  recovery: boolean;
  /** A sign-up confirmation link landed and signed the visitor in: kyb-auth-button says so. */
  confirmed: boolean;
}

interface Store {
  state: AuthState;
  listeners: Set<() => void>;
  started: boolean;
  client: Promise<KybClient> | null;
  /** Last user id announced with kyb-auth-change (undefined: nothing announced yet). */
  announced: string | null | undefined;
  /** The sign-in profile upsert in flight, if any. */
  profileSync: Promise<void> | null;
  /** The mail link this page landed from (its `type`), until a session from it is seen. */
  landing: string | null;
}

const store = (): Store =>
  pageWide<Store>('auth', () => ({
    state: { initializing: true, user: null, session: null, recovery: false, confirmed: false },
    listeners: new Set(),
    started: false,
    client: null,
    announced: undefined,
    profileSync: null,
    landing: null,
  }));

/** The `type` of the mail link whose tokens are in the address (implicit flow), else null. */
function mailLinkType(): string | null {
  if (typeof location === 'undefined') return null;
  const p = new URLSearchParams(location.hash.replace(/^#/, ''));
  return p.get('access_token') ? p.get('type') : null;
}
const CONFIRMATION_LINKS = new Set(['signup', 'invite']);

function set(patch: Partial<AuthState>) {
  const s = store();
  s.state = { ...s.state, ...patch };
  s.listeners.forEach((l) => l());
  if (!s.state.initializing) announce(s);
}

function announce(s: Store) {
  const id = s.state.user?.id ?? null;
  if (s.announced === id) return;
  s.announced = id;
  if (typeof document === 'undefined') return;
  document.documentElement.dataset.kybAuth = id ? 'signed-in' : 'signed-out';
  emit(document, 'kyb-auth-change', { signedIn: !!id, email: s.state.user?.email ?? null, userId: id });
}

export function getAuthState(): AuthState {
  return store().state;
}

export function subscribeAuth(fn: () => void): () => void {
  const s = store();
  s.listeners.add(fn);
  return () => s.listeners.delete(fn);
}

const FOLLOWED = new Set<AuthChangeEvent>(['INITIAL_SESSION', 'SIGNED_IN', 'SIGNED_OUT', 'TOKEN_REFRESHED', 'USER_UPDATED', 'MFA_CHALLENGE_VERIFIED', 'PASSWORD_RECOVERY']);

/** Load supabase-js and follow its auth events; resolves with the client once the store is wired. */
export function ensureAuth(): Promise<KybClient> {
  const s = store();
  if (!s.client) {
    // Before supabase-js reads the link's tokens and clears the address.
    s.landing = mailLinkType();
    s.client = getSupabase().then((c) => {
      c.auth.onAuthStateChange((event, session) => {
        if (!FOLLOWED.has(event)) return;
        const user = session?.user ?? null;
        const st = store();
        const confirmedNow = !!user && st.landing !== null && CONFIRMATION_LINKS.has(st.landing);
        if (user) st.landing = null;
        set({
          initializing: false,
          session: session ?? null,
          user,
          recovery: event === 'PASSWORD_RECOVERY' ? true : event === 'SIGNED_OUT' ? false : st.state.recovery,
          confirmed: confirmedNow || (event !== 'SIGNED_OUT' && st.state.confirmed),
        });
        if (event === 'SIGNED_OUT') forgetProfileSync();
        // auth-js clears a mail link's token fragment with `location.hash = ''`, which leaves a bare
        // "#" in the address bar: tidy it without a navigation.
        if (location.href.endsWith('#')) history.replaceState(history.state, '', location.href.slice(0, -1));
        // Calling supabase from inside the callback deadlocks auth-js's lock: defer.
        if (event === 'SIGNED_IN' && user) {
          const st = store();
          st.profileSync = new Promise<void>((done) =>
            setTimeout(
              () =>
                void upsertProfile(c, user)
                  .catch((e) => console.error('[kyb] profile upsert failed', e))
                  .finally(done),
              0,
            ),
          );
        }
      });
      return c;
    });
    s.client.catch((e) => {
      console.error('[kyb] could not load the auth client', e);
      s.client = null;
      set({ initializing: false });
    });
  }
  return s.client;
}

/** Start following the session: load the client only when there may be one. Idempotent. */
export function startAuth(): void {
  const s = store();
  if (s.started) return;
  s.started = true;
  let may = false;
  try {
    may = shouldLoadAuth();
  } catch (e) {
    if (!(e instanceof KybConfigError)) throw e;
    console.error('[kyb]', e.message);
  }
  if (may) void ensureAuth().catch(() => {});
  else set({ initializing: false });
  // Signed in (or out) in another tab while this page never loaded the client: catch up.
  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (ev) => {
      if (store().client || !ev.key) return;
      try {
        if (ev.key === authStorageKey(getConfig().supabaseUrl)) void ensureAuth().catch(() => {});
      } catch {
        /* unconfigured page */
      }
    });
  }
}

export function useAuth(): AuthState {
  startAuth();
  // useState and a subscription rather than useSyncExternalStore: in the shipped build that hook is
  // preact/compat's, which sits in the runtime chunk every element's first view downloads
  // (vite.widgets.config.ts), for the elements that follow sign-in only. The state is an immutable
  // object, replaced on every change.
  const [state, setState] = useState(getAuthState);
  useEffect(() => {
    const sync = () => setState(getAuthState());
    // A change between the first render and this subscription is not missed.
    sync();
    return subscribeAuth(sync);
  }, []);
  return state;
}

/** Resolves once the sign-in profile upsert (if one is running) is done; never rejects. */
export function whenProfileSynced(): Promise<void> {
  return store().profileSync ?? Promise.resolve();
}

export function clearRecovery() {
  set({ recovery: false });
}

export function clearConfirmed() {
  set({ confirmed: false });
}

export function isAdmin(user: User | null | undefined): boolean {
  return user?.app_metadata?.role === 'admin';
}

// ---- profile upsert on sign-in (docs/data.md#entities, #calls)
function forgetProfileSync() {
  try {
    sessionStorage.removeItem(PROFILE_SYNCED_KEY);
  } catch {
    /* storage disabled */
  }
}

/**
 * auth-js also reports SIGNED_IN when a page loads with a stored session; once per tab and user is
 * enough. Existing values win over the metadata defaults so a name edited on My Account survives the
 * next sign-in (the spec's "upsert on every sign-in" would otherwise overwrite it).
 */
async function upsertProfile(c: KybClient, user: User) {
  try {
    if (sessionStorage.getItem(PROFILE_SYNCED_KEY) === user.id) return;
  } catch {
    /* storage disabled: upsert anyway */
  }
  const meta = user.user_metadata ?? {};
  const { data: existing, error: readError } = await c.from('profiles').select('display_name, avatar_url').eq('id', user.id).maybeSingle();
  if (readError) {
    console.error('[kyb] profile read failed', readError);
    return;
  }
  // Signed out (or in as someone else) while the read was on its way: the upsert would go out with the
  // anonymous key and be refused.
  if (store().state.user?.id !== user.id) return;
  const row = {
    id: user.id,
    display_name: existing?.display_name ?? displayNameFor(user),
    avatar_url: existing?.avatar_url ?? (typeof meta.avatar_url === 'string' && meta.avatar_url ? meta.avatar_url : null),
  };
  const { error } = await c.from('profiles').upsert(row, { onConflict: 'id' }).select();
  if (error) {
    console.error('[kyb] profile upsert failed', error);
    return;
  }
  try {
    sessionStorage.setItem(PROFILE_SYNCED_KEY, user.id);
  } catch {
    /* storage disabled */
  }
}
