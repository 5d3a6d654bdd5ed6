/**
 * The gate every admin element shares (docs/admin.md#gallery-admin, docs/data.md#roles-and-permissions, docs/admin.md#messages): "Loading…" until the session
 * is known; signed out → "Authentication required: Please sign in to access the admin panel." once, in
 * place, with a Sign in button that asks the page for the sign-in dialog (`kyb-request-sign-in`);
 * signed in without `app_metadata.role = 'admin'` → "Admin Access Required" (the spec only checks for a
 * session; the database's RLS enforces the role, so the UI says so up front); admin → the element's
 * panel, remounted per user.
 *
 * Signed out, the message is not also a toast (issue #8): a toast beside a card that says the same is
 * the denial twice, and a toast is gone after a few seconds while the card stays with its way out.
 */
import { useCallback, useRef, type ComponentType, type ReactNode } from 'react';
import { isAdmin, useAuth } from './auth.ts';
import { getSupabase } from './supabase.ts';
import { MESSAGES } from './domain.ts';
import { useToasts } from './toast.tsx';
import { hostOf } from './define.ts';
import { emit } from './events.ts';
import type { KybClient } from './supabase.ts';

export type ToastFn = ReturnType<typeof useToasts>['toast'];

/** What an admin data call answers: never thrown, because each failure has its own toast. */
export type Result<T = undefined> = { ok: true; value: T } | { ok: false; error: unknown };

/**
 * Runs an admin panel's data call on the page's client for the configured backend (the auth store
 * signed the admin in on that same client); a client that cannot load (chunk download, page config)
 * is a failed call too.
 */
export function useAdminCall() {
  return useCallback(async <T,>(fn: (c: KybClient) => Promise<Result<T>>): Promise<Result<T>> => {
    try {
      return await fn(await getSupabase());
    } catch (error) {
      return { ok: false, error };
    }
  }, []);
}

export interface AdminPanelProps {
  toast: ToastFn;
  /** The custom element (for events). */
  host: () => HTMLElement | null;
}

export interface AdminGateProps {
  /** The element's shadow root (r2wc's `container` prop). */
  container: unknown;
  /** Class prefix of the element's CSS (`ga` → `ga__loading`); the access-denied card looks the same in every admin element (controls.css `.kyb-denied`). */
  prefix: string;
  /** What a signed-in visitor without the admin role is told under "Admin Access Required". */
  denied: string;
  Panel: ComponentType<AdminPanelProps>;
}

export function AdminGate({ container, prefix, denied, Panel }: AdminGateProps) {
  const { initializing, user } = useAuth();
  const { toast, toasts } = useToasts();
  const containerRef = useRef(container);
  containerRef.current = container;
  const host = useCallback(() => hostOf(containerRef.current), []);

  let body: ReactNode;
  if (initializing) {
    body = (
      <p className={`${prefix}__loading`} role="status" part="loading">
        Loading…
      </p>
    );
  } else if (!user) {
    const { title, description } = MESSAGES.adminAuthRequired;
    body = (
      <div className="kyb-denied kyb-card" part="denied">
        <h2 className="kyb-denied__heading">{title}</h2>
        <p>{description}</p>
        <button type="button" className="kyb-btn" part="sign-in" onClick={() => emit(host() ?? document, 'kyb-request-sign-in', { tab: 'sign-in' })}>
          Sign in
        </button>
      </div>
    );
  } else if (!isAdmin(user)) {
    body = (
      <div className="kyb-denied kyb-card" part="denied">
        <h2 className="kyb-denied__heading">Admin Access Required</h2>
        <p>{denied}</p>
      </div>
    );
  } else {
    body = <Panel key={user.id} toast={toast} host={host} />;
  }
  return (
    <div className={prefix} part="root">
      {body}
      {toasts}
    </div>
  );
}
