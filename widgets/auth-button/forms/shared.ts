/** What the dialog's forms share: the submit shape over the action hook (../action.ts), checks first. */
import { useState, type FormEvent } from 'react';
import { INVALID, useFocusAfterRender } from '../../core/form.tsx';
import { siteOrigin } from '../../core/site.ts';
import { useAuthAction, type AuthAction, type Toast } from '../action.ts';

export type Errors = Partial<Record<'email' | 'password', string>>;

/** Where mail links land: the site's origin. */
export const redirectTo = () => `${siteOrigin()}/`;

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
