/**
 * kyb-partnership-form (docs/newsletter-and-leads.md#partnership-inquiry, docs/data.md#entities, docs/newsletter-and-leads.md#states, #validation, #limits): the partnership inquiry.
 * Full Name (required), Email Address (required, e-mail format), Company/Brand Name, Partnership Type
 * (PARTNERSHIP_TYPES), Message/Notes; stored as lead `partnership`. After submit the form is replaced
 * by a thank-you (replies within 2-3 business days) with Submit Another Inquiry (editing → submitted
 * → editing). On failure the typed values stay and an error toast explains.
 */
import { PARTNERSHIP_TYPES } from '../core/domain.ts';
import { track } from '../core/analytics.ts';
import { hostOf } from '../core/define.ts';
import { EmailInput, Field, useFocusAfterRender } from '../core/form.tsx';
import { useLeadForm } from '../core/leads.ts';
import { useToasts } from '../core/toast.tsx';

export interface PartnershipFormProps {
  container?: ShadowRoot;
}

/** docs/limits.md: partnership inquiries are answered within 2-3 business days. */
export const PARTNERSHIP_REPLY = '2-3 business days';

const EMPTY = { name: '', email: '', company: '', partnershipType: '', message: '' };

export function PartnershipForm({ container }: PartnershipFormProps) {
  const { toast, toasts } = useToasts();
  const { root, focus } = useFocusAfterRender<HTMLDivElement>();
  const form = useLeadForm('partnership', EMPTY, {
    toast,
    host: () => hostOf(container),
    focus,
    onSuccess: (data) => {
      track('PartnershipInquirySubmitted', { partnershipType: data.partnershipType || null });
      focus('[data-focus="thanks"]');
    },
  });
  const v = form.values;

  return (
    <div className="partner kyb-card" part="card" ref={root}>
      {form.status === 'done' ? (
        <div className="partner__thanks" part="success">
          <h3 className="partner__title" tabIndex={-1} data-focus="thanks">
            Thank you for reaching out!
          </h3>
          <p>We've received your partnership inquiry and will get back to you within {PARTNERSHIP_REPLY}.</p>
          <button
            type="button"
            className="kyb-btn kyb-btn--outline"
            part="button again"
            onClick={() => {
              form.reset();
              focus('input[name="name"]');
            }}
          >
            Submit Another Inquiry
          </button>
        </div>
      ) : (
        <form className="partner__form" part="form" noValidate onSubmit={(e) => void form.submit(e)} aria-busy={form.busy}>
          <div className="partner__row">
            <Field label="Full Name" error={form.errors.name}>
              {(a) => (
                <input {...a} className="kyb-input" type="text" name="name" autoComplete="name" required value={v.name} onChange={(e) => form.set('name')(e.currentTarget.value)} />
              )}
            </Field>
            <Field label="Email Address" error={form.errors.email}>
              {(a) => <EmailInput {...a} value={v.email} onValue={form.set('email')} required />}
            </Field>
          </div>
          <div className="partner__row">
            <Field label="Company/Brand Name" error={form.errors.company}>
              {(a) => (
                <input
                  {...a}
                  className="kyb-input"
                  type="text"
                  name="company"
                  autoComplete="organization"
                  value={v.company}
                  onChange={(e) => form.set('company')(e.currentTarget.value)}
                />
              )}
            </Field>
            <Field label="Partnership Type" error={form.errors.partnershipType}>
              {(a) => (
                <select {...a} className="kyb-select" name="partnershipType" value={v.partnershipType} onChange={(e) => form.set('partnershipType')(e.currentTarget.value)}>
                  <option value="">Select a partnership type</option>
                  {PARTNERSHIP_TYPES.map((t) => (
                    <option key={t.value} value={t.value}>
                      {t.label}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </div>
          <Field label="Message/Notes" error={form.errors.message}>
            {(a) => (
              <textarea
                {...a}
                className="kyb-textarea"
                name="message"
                rows={5}
                placeholder="Tell us about your brand and the partnership you have in mind."
                value={v.message}
                onChange={(e) => form.set('message')(e.currentTarget.value)}
              />
            )}
          </Field>
          {form.honeypot}
          <button type="submit" className="kyb-btn partner__submit" part="button submit" disabled={form.busy}>
            {form.busy ? 'Submitting...' : 'Submit Inquiry'}
          </button>
        </form>
      )}
      {toasts}
    </div>
  );
}
