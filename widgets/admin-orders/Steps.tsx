/**
 * An order's next steps, at the foot of its dialog (docs/admin.md#orders): one button per step that
 * shared/rules/commerce.ts nextStatuses allows for its status, and nothing else. Start production,
 * Mark ready (which asks for the balance when one is due, and says so), Mark delivered go at once; Mark
 * shipped opens a small form (carrier and tracking number, both required); Cancel order asks first.
 * Each calls the admin-orders function; a step it refuses (409) shows its reason here, in words the
 * database wrote. While a step is stored the buttons say aria-disabled rather than disabled: a disabled
 * button drops focus to <body>, and focus must stay in the dialog.
 */
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { ToastFn } from '../core/admin-gate.tsx';
import { Field, focusFirstInvalid } from '../core/form.tsx';
import { ADMIN_ORDER_MESSAGES as MSG, ADMIN_ORDER_TEXT as TEXT, CARRIERS, formatCents, nextStatuses, orderNumber } from '../core/domain.ts';
import { takeStep, type AdminOrder, type Step, type StepRequest } from './data.ts';

/** What the foot of the dialog shows: the step buttons, the shipment form or the cancel confirmation. */
export type StepMode = 'steps' | 'ship' | 'cancel';

export interface StepsProps {
  order: AdminOrder;
  mode: StepMode;
  onMode: (m: StepMode) => void;
  toast: ToastFn;
  onStepped: (status: AdminOrder['status']) => Promise<void>;
  onClose: () => void;
}

const WAITING = new Set<AdminOrder['status']>(['pending', 'processing']);

export function Steps({ order: o, mode, onMode, toast, onStepped, onClose }: StepsProps) {
  const steps = nextStatuses(o.status, o.needs_shipping) as Step[];
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const shownStatus = useRef(o.status);
  // The pressed button goes once its step is stored: focus the first action left, not <body>.
  useEffect(() => {
    if (shownStatus.current === o.status) return;
    shownStatus.current = o.status;
    rootRef.current?.querySelector<HTMLElement>('button')?.focus();
  }, [o.status]);

  // Back from the shipment form or the confirmation: focus the step that opened it.
  const lastMode = useRef(mode);
  useEffect(() => {
    const from = lastMode.current;
    lastMode.current = mode;
    if (mode === 'steps' && from !== 'steps') rootRef.current?.querySelector<HTMLElement>(`[data-step="${from === 'ship' ? 'shipped' : 'cancelled'}"]`)?.focus();
  }, [mode]);

  const go = (m: StepMode) => {
    setRefusal(null);
    onMode(m);
  };

  /** Takes a step; false when it was refused or failed (the reason is on screen). */
  const run = async (req: Omit<StepRequest, 'order'>): Promise<boolean> => {
    if (busy) return false;
    setBusy(true);
    setRefusal(null);
    const balance = req.status === 'ready' && o.balance_due_cents > 0;
    const r = await takeStep({ order: o.id, ...req });
    if (!r.ok) {
      setBusy(false);
      // The function's own words (a step the order does not allow, a balance still due, a session that
      // expired); a failure without any is the generic toast.
      if (r.message) setRefusal(r.message);
      else {
        console.error('[kyb-admin-orders] step failed', r.status);
        toast(MSG.updateFailed);
      }
      return false;
    }
    toast(balance ? MSG.moved.readyBalance : MSG.moved[req.status]);
    if (!r.data.mailed) toast(MSG.mailOwed);
    onMode('steps');
    await onStepped(req.status);
    setBusy(false);
    return true;
  };

  const refused = refusal ? (
    <p className="ao__refusal" role="alert" part="refusal">
      {refusal}
    </p>
  ) : null;

  let body: ReactNode;
  if (mode === 'ship') body = <ShipForm busy={busy} refused={refused} onSubmit={(s) => run({ status: 'shipped', ...s })} onBack={() => go('steps')} />;
  else if (mode === 'cancel') body = <CancelConfirm order={o} busy={busy} refused={refused} onConfirm={(note) => run({ status: 'cancelled', note })} onBack={() => go('steps')} />;
  else
    body = (
      <>
        {refused}
        {steps.length === 0 ? <p className="ao__muted ao__no-steps">{WAITING.has(o.status) ? TEXT.noSteps.waiting : TEXT.noSteps.done}</p> : null}
        <div className="ao__actions" part="actions">
          {steps.map((s, n) => {
            const label =
              s === 'ready' && o.balance_due_cents > 0 ? TEXT.steps.readyBalance(formatCents(o.balance_due_cents)) : s === 'cancelled' ? TEXT.steps.cancelled : TEXT.steps[s];
            const primary = s !== 'cancelled';
            return (
              <button
                key={s}
                type="button"
                className={`kyb-btn${primary ? '' : ' kyb-btn--outline ao__danger-outline'}`}
                part="step"
                data-step={s}
                data-autofocus={n === 0 || undefined}
                aria-disabled={busy || undefined}
                onClick={() => (s === 'shipped' ? go('ship') : s === 'cancelled' ? go('cancel') : void run({ status: s }))}
              >
                {busy && primary && s !== 'shipped' ? TEXT.saving : label}
              </button>
            );
          })}
          <button type="button" className="kyb-btn kyb-btn--ghost" part="close" onClick={onClose} data-autofocus={steps.length === 0 || undefined}>
            {TEXT.close}
          </button>
        </div>
        {steps.includes('ready') && o.balance_due_cents > 0 ? <p className="ao__muted ao__small">{TEXT.readyBalanceHint}</p> : null}
      </>
    );
  return (
    <div className="ao__foot" ref={rootRef}>
      {body}
    </div>
  );
}

interface ShipFormProps {
  busy: boolean;
  refused: ReactNode;
  onSubmit: (s: { carrier: string; tracking: string; note?: string }) => Promise<boolean>;
  onBack: () => void;
}

function ShipForm({ busy, refused, onSubmit, onBack }: ShipFormProps) {
  const F = TEXT.shipForm;
  const [carrier, setCarrier] = useState('');
  const [tracking, setTracking] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ carrier?: string; tracking?: string }>({});
  const formRef = useRef<HTMLFormElement>(null);
  const titleId = useId();
  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>('select')?.focus();
  }, []);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const next = { carrier: carrier ? undefined : F.carrierRequired, tracking: tracking.trim() ? undefined : F.trackingRequired };
    setErrors(next);
    if (next.carrier || next.tracking) {
      requestAnimationFrame(() => focusFirstInvalid(formRef.current));
      return;
    }
    void onSubmit({ carrier, tracking: tracking.trim(), ...(note.trim() ? { note: note.trim() } : {}) });
  };

  return (
    <form ref={formRef} className="ao__step-form" part="ship-form" aria-labelledby={titleId} noValidate onSubmit={submit}>
      <h4 className="ao__section-title" id={titleId}>
        {F.title}
      </h4>
      <p className="ao__muted ao__small">{TEXT.shippedHint}</p>
      <Field label={F.carrier} error={errors.carrier} part="field carrier-field">
        {(a) => (
          <select
            {...a}
            className="kyb-select"
            value={carrier}
            onChange={(e) => {
              setCarrier(e.currentTarget.value);
              setErrors((x) => ({ ...x, carrier: undefined }));
            }}
          >
            <option value="">{F.chooseCarrier}</option>
            {CARRIERS.map((c) => (
              <option key={c.id} value={c.id}>
                {c.id}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={F.tracking} error={errors.tracking} part="field tracking-field">
        {(a) => (
          <input
            {...a}
            className="kyb-input"
            autoComplete="off"
            spellCheck={false}
            maxLength={80}
            value={tracking}
            onChange={(e) => {
              setTracking(e.currentTarget.value);
              setErrors((x) => ({ ...x, tracking: undefined }));
            }}
          />
        )}
      </Field>
      <Field label={F.note} part="field note-field">
        {(a) => <input {...a} className="kyb-input" autoComplete="off" maxLength={300} value={note} onChange={(e) => setNote(e.currentTarget.value)} />}
      </Field>
      {refused}
      <div className="ao__actions">
        <button type="submit" className="kyb-btn" part="submit" aria-disabled={busy || undefined}>
          {busy ? TEXT.saving : F.submit}
        </button>
        <button type="button" className="kyb-btn kyb-btn--ghost" part="back" onClick={onBack}>
          {F.back}
        </button>
      </div>
    </form>
  );
}

interface CancelConfirmProps {
  order: AdminOrder;
  busy: boolean;
  refused: ReactNode;
  onConfirm: (note?: string) => Promise<boolean>;
  onBack: () => void;
}

function CancelConfirm({ order: o, busy, refused, onConfirm, onBack }: CancelConfirmProps) {
  const C = TEXT.cancel;
  const [note, setNote] = useState('');
  const titleId = useId();
  const bodyId = useId();
  const keepRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    keepRef.current?.focus();
  }, []);
  return (
    <div className="ao__step-form" role="group" aria-labelledby={titleId} aria-describedby={bodyId} part="cancel-confirm">
      <h4 className="ao__section-title" id={titleId}>
        {C.title(orderNumber(o.number))}
      </h4>
      <p id={bodyId} className="ao__small">
        {C.body}
      </p>
      <Field label={C.reason} part="field reason-field">
        {(a) => <input {...a} className="kyb-input" autoComplete="off" maxLength={300} value={note} onChange={(e) => setNote(e.currentTarget.value)} />}
      </Field>
      {refused}
      <div className="ao__actions">
        <button type="button" className="kyb-btn ao__danger" part="confirm-cancel" aria-disabled={busy || undefined} onClick={() => void onConfirm(note.trim() || undefined)}>
          {busy ? TEXT.saving : C.confirm}
        </button>
        <button ref={keepRef} type="button" className="kyb-btn kyb-btn--outline" part="keep" onClick={onBack}>
          {C.keep}
        </button>
      </div>
    </div>
  );
}
