/** What the dialog's forms share: the submit shape over the action hook (../action.ts), checks first. */
import { useState, type FormEvent } from 'react';
import { INVALID, useFocusAfterRender } from '../../core/form.tsx';
import { siteOrigin } from '../../core/site.ts';
import { useAuthAction, type AuthAction, type Toast } from '../action.ts';

export type Errors = Partial<Record<'email' | 'password', string>>;

/**
 * Where mail links (confirmation, password reset) land: the page the visitor asked from, so a sign-up
 * on a product page comes back to that product (issue #23), when that page is on the site; elsewhere (an
 * element embedded on another site) the site's home page. Either is on the auth server's allow-list:
 * GoTrue accepts any address on the Site URL's host (docs/accounts.md#mail-links; the local stack's
 * supabase/local/auth/mailer.ts isRedirectAllowed mirrors the rule), and anything else falls back to the
 * Site URL. The fragment is dropped: the link's own fragment carries the session.
 */
export function redirectTo(): string {
  const site = siteOrigin();
  if (typeof location !== 'undefined' && location.origin === site) return `${site}${location.pathname}${location.search}`;
  return `${site}/`;
}

/**
 * A form whose submit checks its fields first (nothing is sent while one is wrong; focus goes to the
 * first one marked, after the render that marks it), then runs its account action.
 */
export function useAuthForm<R>(toast: Toast, check: () => Errors, action: () => AuthAction<R>) {
  const [errors, setErrors] = useState<Errors>({});
  const { busy, run } = useAuthAction(toast);
  const { root: form, focus } = useFocusAfterRender<HTMLFormElement>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const errs = check();
    setErrors(errs);
    if (errs.email || errs.password) return focus(INVALID);
    void run(action());
  };
  return { busy, errors, form, submit };
}
