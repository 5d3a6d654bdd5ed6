/**
 * kyb-merch-notify item="tee|scarf|journal" (docs/pages.md#shop, docs/limits.md): the Coming Soon
 * merchandise's e-mail box and Notify Me button. The spec's are inert; here the e-mail is stored as
 * lead `merch_notify` {email, item: the merchandise name}, then a "we'll let you know" state.
 * On failure the e-mail stays and an error toast explains.
 */
import { useId } from 'react';
import { track } from '../core/analytics.ts';
import { MERCHANDISE } from '../core/domain.ts';
import { hostOf } from '../core/define.ts';
import { useFocusAfterRender } from '../core/form.tsx';
import { useLeadForm } from '../core/leads.ts';
import { useToasts } from '../core/toast.tsx';

export interface MerchNotifyProps {
  /** Merchandise id: tee, scarf or journal (catalog.ts MERCHANDISE). */
  item?: string;
  container?: ShadowRoot;
}

/** The merchandise's name; an unknown id is shown as given (a new piece the catalog lacks yet). */
export function merchName(item: string | undefined): string {
  const id = (item ?? '').trim();
  return MERCHANDISE.find((m) => m.id === id)?.name ?? (id || 'KYB merchandise');
}

export function MerchNotify({ item, container }: MerchNotifyProps) {
  const id = useId();
  const name = merchName(item);
  const { toast, toasts } = useToasts();
  const { root, focus } = useFocusAfterRender<HTMLDivElement>();
  const form = useLeadForm(
    'merch_notify',
    { email: '' },
    {
      toast,
      host: () => hostOf(container),
      focus,
      extra: () => ({ item: name }),
      onSuccess: () => {
        track('MerchNotifySubmitted', { item: name });
        focus('[data-focus="done"]');
      },
    },
  );
  const error = form.errors.email || form.errors.item;
  return (
    <div className="merch" part="base" ref={root}>
      {form.status === 'done' ? (
        <p className="merch__done" part="success" role="status" tabIndex={-1} data-focus="done">
          You're on the list! We'll let you know when the {name} drops.
        </p>
      ) : (
        <form className="merch__form" part="form" noValidate onSubmit={(e) => void form.submit(e)} aria-busy={form.busy}>
          <label className="kyb-sr-only" htmlFor={`${id}-email`}>
            Email for the {name}
          </label>
          <div className="merch__row">
            <input
              id={`${id}-email`}
              className="kyb-input"
              part="input"
              type="email"
              name="email"
              autoComplete="email"
              inputMode="email"
              placeholder="Your email"
              value={form.values.email}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(e) => form.set('email')(e.currentTarget.value)}
            />
            <button type="submit" className="kyb-btn kyb-btn--outline merch__submit" part="button submit" disabled={form.busy}>
              {form.busy ? 'Submitting...' : 'Notify Me'}
            </button>
          </div>
          {error ? (
            <p id={`${id}-error`} className="kyb-error" part="error">
              {error}
            </p>
          ) : null}
          {form.honeypot}
        </form>
      )}
      {toasts}
    </div>
  );
}
