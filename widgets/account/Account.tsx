/**
 * kyb-account (docs/accounts.md#account-page, #states, #validation, #messages): the signed-in user's profile.
 * States: loading → form → updating. When initialisation ends with nobody signed in, it redirects to
 * `redirect` (default "/"), after a cancelable `kyb-redirect` event (a host SPA may route instead).
 */
import { useEffect, useState, type FormEvent } from 'react';
import { ensureAuth, useAuth, whenProfileSynced } from '../core/auth.ts';
import { siteUrl } from '../core/site.ts';
import { hostOf } from '../core/define.ts';
import { emit, emitCancelable } from '../core/events.ts';
import { Field, INVALID, useFocusAfterRender } from '../core/form.tsx';
import { MESSAGES, TEXTS } from '../core/domain.ts';
import { useToasts } from '../core/toast.tsx';

export interface AccountProps {
  /** Where a visitor who is not signed in is sent (a path on the site, or a URL). */
  redirect?: string;
  container?: ShadowRoot;
}

/** Trimmed; empty → null (docs/accounts.md#validation). */
const clean = (s: string) => (s.trim() ? s.trim() : null);

function isHttpUrl(s: string): boolean {
  try {
    const u = new URL(s);
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
}

export function Account({ redirect = '/', container }: AccountProps) {
  const auth = useAuth();
  const { toast, toasts } = useToasts();
  const [loaded, setLoaded] = useState<string | null>(null);
  const [displayName, setDisplayName] = useState('');
  const [avatarUrl, setAvatarUrl] = useState('');
  const [avatarError, setAvatarError] = useState<string | undefined>();
  const [updating, setUpdating] = useState(false);
  const { root: form, focus } = useFocusAfterRender<HTMLFormElement>();
  const userId = auth.user?.id ?? null;

  useEffect(() => {
    if (auth.initializing || userId) return;
    const to = siteUrl(redirect || '/');
    if (emitCancelable(hostOf(container), 'kyb-redirect', { to, reason: 'signed-out' })) location.assign(to);
  }, [auth.initializing, userId, redirect, container]);

  useEffect(() => {
    if (!userId || loaded === userId) return;
    let live = true;
    (async () => {
      try {
        const c = await ensureAuth();
        // A first sign-in creates the row a moment after SIGNED_IN: read after it.
        await whenProfileSynced();
        const { data, error } = await c.from('profiles').select('display_name, avatar_url').eq('id', userId).maybeSingle();
        if (!live) return;
        if (error) throw error;
        setDisplayName(data?.display_name ?? '');
        setAvatarUrl(data?.avatar_url ?? '');
      } catch (e) {
        if (!live) return;
        console.error('[kyb] profile load failed', e);
        toast(MESSAGES.profileLoadFailed);
      }
      setLoaded(userId);
    })();
    return () => {
      live = false;
    };
  }, [userId, loaded, toast]);

  async function save(e: FormEvent) {
    e.preventDefault();
    if (!userId || updating) return;
    const name = clean(displayName);
    const avatar = clean(avatarUrl);
    if (avatar && !isHttpUrl(avatar)) {
      setAvatarError(TEXTS.avatarUrlInvalid);
      focus(INVALID);
      return;
    }
    setAvatarError(undefined);
    setUpdating(true);
    try {
      const c = await ensureAuth();
      const { data, error } = await c.from('profiles').update({ display_name: name, avatar_url: avatar }).eq('id', userId).select('id');
      if (error) throw error;
      // No row yet (the sign-in upsert failed or never ran): create it.
      if (!data?.length) {
        const r = await c.from('profiles').upsert({ id: userId, display_name: name, avatar_url: avatar }, { onConflict: 'id' }).select('id');
        if (r.error) throw r.error;
      }
      setDisplayName(name ?? '');
      setAvatarUrl(avatar ?? '');
      toast(MESSAGES.profileUpdated);
      emit(hostOf(container), 'kyb-profile-updated', { displayName: name, avatarUrl: avatar });
    } catch (err) {
      console.error('[kyb] profile update failed', err);
      toast(MESSAGES.profileUpdateFailed);
    } finally {
      setUpdating(false);
    }
  }

  const loading = auth.initializing || !userId || loaded !== userId;
  return (
    <div className="account kyb-card" part="card" aria-busy={loading || updating}>
      <slot></slot>
      {loading ? (
        <p className="account__loading" part="loading" role="status">
          Loading...
        </p>
      ) : (
        <form ref={form} className="account__form" part="form" noValidate onSubmit={save}>
          {avatarUrl && isHttpUrl(avatarUrl.trim()) ? <img className="account__avatar" part="avatar" src={avatarUrl.trim()} alt="" width={72} height={72} /> : null}
          <Field label="Display name">
            {(a) => (
              <input
                {...a}
                className="kyb-input"
                type="text"
                name="display-name"
                autoComplete="nickname"
                value={displayName}
                onChange={(e) => setDisplayName(e.currentTarget.value)}
              />
            )}
          </Field>
          <Field label="Avatar URL" error={avatarError}>
            {(a) => (
              <input
                {...a}
                className="kyb-input"
                type="url"
                name="avatar-url"
                inputMode="url"
                placeholder="https://…"
                value={avatarUrl}
                onChange={(e) => {
                  setAvatarUrl(e.currentTarget.value);
                  if (avatarError) setAvatarError(undefined);
                }}
              />
            )}
          </Field>
          <Field label="Email" hint={TEXTS.emailReadOnly}>
            {(a) => <input {...a} className="kyb-input" type="email" name="email" value={auth.user?.email ?? ''} title={auth.user?.email ?? undefined} readOnly />}
          </Field>
          <button type="submit" className="kyb-btn" part="button submit" disabled={updating}>
            {updating ? 'Updating...' : 'Save changes'}
          </button>
        </form>
      )}
      {toasts}
    </div>
  );
}
