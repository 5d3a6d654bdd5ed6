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
import {
  ADMIN_ORDER_MESSAGES as MSG,
  ADMIN_ORDER_TEXT as TEXT,
  CARRIERS,
  COMMERCE_MESSAGES,
  formatCents,
  formatCentsExact,
  nextStatuses,
  orderNumber,
  REFUND_REASON_MAX,
  refundableCents,
  type AdminPaymentView,
} from '../core/domain.ts';
import { refund, takeStep, type AdminAnswer, type AdminOrder, type Step, type StepRequest } from './data.ts';

/** What the foot of the dialog shows: the step buttons, the shipment form, the cancel confirmation or a refund. */
export type StepMode = 'steps' | 'ship' | 'cancel' | 'refund';

export interface StepsProps {
  order: AdminOrder;
  mode: StepMode;
  onMode: (m: StepMode) => void;
  toast: ToastFn;
  /** A step or a refund was stored: the parent reads the order again (with the function's answer). */
  onStepped: (status: AdminOrder['status'], answer?: AdminAnswer) => Promise<void>;
  onClose: () => void;
  /** The payment being refunded (mode 'refund'). */
  refunding?: AdminPaymentView | null;
}

/** The payment's kind in words, as a sentence names it: "the deposit", "the payment in full". */
const paymentWhat = (p: Pick<AdminPaymentView, 'kind'>) => TEXT.payment[p.kind].toLowerCase();

const WAITING = new Set<AdminOrder['status']>(['pending', 'processing']);

export function Steps({ order: o, mode, onMode, toast, onStepped, onClose, refunding }: StepsProps) {
  const steps = nextStatuses(o.status, o.needs_shipping) as Step[];
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  // What the last step or refund did, said in place in the dialog (not a toast: it stays to be read, and
  // a toast lay over the dialog's hint and its Payments column, issue #29).
  const [done, setDone] = useState<string | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const blockedId = useId();
  // Shipping waits for the balance (order_transition refuses it): say so on the button, before a
  // carrier and a tracking number are typed for nothing (issue #29).
  const shipBlocked = steps.includes('shipped') && o.balance_due_cents > 0 ? COMMERCE_MESSAGES.balanceStillDue(formatCentsExact(o.balance_due_cents)) : null;
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
    if (mode !== 'steps' || from === 'steps') return;
    const back = from === 'refund' ? '[part~="refund-done"], button' : `[data-step="${from === 'ship' ? 'shipped' : 'cancelled'}"]`;
    rootRef.current?.querySelector<HTMLElement>(back)?.focus();
  }, [mode]);
  useEffect(() => {
    if (mode !== 'steps') setDone(null);
  }, [mode]);

  const go = (m: StepMode) => {
    setRefusal(null);
    onMode(m);
  };

  /** Refunds through the function; false when it was refused or failed (the reason is on screen). */
  const runRefund = async (p: AdminPaymentView, amount: number, reason: string, request: string): Promise<boolean> => {
    if (busy) return false;
    setBusy(true);
    setRefusal(null);
    const r = await refund({ order: o.id, refund: { payment: p.id, amount_cents: amount, reason }, request });
    if (!r.ok) {
      setBusy(false);
      if (r.message) setRefusal(r.message);
      else {
        console.error('[kyb-admin-orders] refund failed', r.status);
        toast(MSG.updateFailed);
      }
      return false;
    }
    onMode('steps');
    setDone(TEXT.refund.done(formatCentsExact(amount), paymentWhat(p)));
    await onStepped(r.data.order.status, r.data);
    setBusy(false);
    return true;
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
    const moved = balance ? MSG.moved.readyBalance : req.refund ? MSG.moved.cancelledRefunded : MSG.moved[req.status];
    setDone(r.data.mailed === false ? `${moved.description}. ${MSG.mailOwed.title}: ${MSG.mailOwed.description}.` : moved.description!);
    onMode('steps');
    await onStepped(req.status, r.data);
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
  else if (mode === 'cancel')
    body = (
      <CancelConfirm
        order={o}
        busy={busy}
        refused={refused}
        onConfirm={(note, withRefund) => run({ status: 'cancelled', note, ...(withRefund ? { refund: true as const } : {}) })}
        onBack={() => go('steps')}
      />
    );
  else if (mode === 'refund' && refunding)
    body = (
      <RefundForm
        payment={refunding}
        busy={busy}
        refused={refused}
        onRefund={(amount, reason, request) => runRefund(refunding, amount, reason, request)}
        onBack={() => go('steps')}
      />
    );
  else
    body = (
      <>
        {done ? (
          <p className="ao__done" role="status" part="done refund-done" tabIndex={-1}>
            {done}
          </p>
        ) : null}
        {refused}
        {steps.length === 0 ? <p className="ao__muted ao__no-steps">{WAITING.has(o.status) ? TEXT.noSteps.waiting : TEXT.noSteps.done}</p> : null}
        <div className="ao__actions" part="actions">
          {steps.map((s, n) => {
            const label =
              s === 'ready' && o.balance_due_cents > 0 ? TEXT.steps.readyBalance(formatCents(o.balance_due_cents)) : s === 'cancelled' ? TEXT.steps.cancelled : TEXT.steps[s];
            const primary = s !== 'cancelled';
            // Focusable while blocked (aria-disabled, not disabled), so the reason it points to is read.
            const blocked = s === 'shipped' && shipBlocked !== null;
            return (
              <button
                key={s}
                type="button"
                className={`kyb-btn${primary ? '' : ' kyb-btn--outline ao__danger-outline'}`}
                part="step"
                data-step={s}
                data-autofocus={n === 0 || undefined}
                aria-disabled={busy || blocked || undefined}
                aria-describedby={blocked ? blockedId : undefined}
                onClick={() => (blocked ? undefined : s === 'shipped' ? go('ship') : s === 'cancelled' ? go('cancel') : void run({ status: s }))}
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
        {shipBlocked ? (
          <p className="ao__muted ao__small" id={blockedId} part="ship-blocked">
            {shipBlocked}
          </p>
        ) : null}
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
  onConfirm: (note: string | undefined, refund: boolean) => Promise<boolean>;
  onBack: () => void;
}

function CancelConfirm({ order: o, busy, refused, onConfirm, onBack }: CancelConfirmProps) {
  const C = TEXT.cancel;
  const [note, setNote] = useState('');
  const kept = o.paid_cents - o.refunded_cents;
  // On by default whenever something was paid: a cancelled order keeps no money unless the admin says so.
  const [withRefund, setWithRefund] = useState(kept > 0);
  const refundId = useId();
  // Read at the press: the box as it is on screen, even if a render is still pending.
  const boxRef = useRef<HTMLInputElement>(null);
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
      {kept > 0 ? (
        <div className="ao__check" part="refund-all">
          <label className="ao__check-label">
            <input ref={boxRef} type="checkbox" checked={withRefund} onChange={(e) => setWithRefund(e.currentTarget.checked)} aria-describedby={refundId} />
            <span>{C.refundAll(formatCentsExact(kept))}</span>
          </label>
          <p id={refundId} className="ao__muted ao__small">
            {C.refundHint}
          </p>
        </div>
      ) : null}
      {refused}
      <div className="ao__actions">
        <button
          type="button"
          className="kyb-btn ao__danger"
          part="confirm-cancel"
          aria-disabled={busy || undefined}
          onClick={() => void onConfirm(note.trim() || undefined, kept > 0 && (boxRef.current?.checked ?? withRefund))}
        >
          {busy ? TEXT.saving : C.confirm}
        </button>
        <button ref={keepRef} type="button" className="kyb-btn kyb-btn--outline" part="keep" onClick={onBack}>
          {C.keep}
        </button>
      </div>
    </div>
  );
}

/** "45", "45.5", "$45.00" → 4500; anything else → null. */
export function centsOf(typed: string): number | null {
  const m = /^\$?\s*(\d{1,7})(?:\.(\d{1,2}))?$/.exec(typed.trim().replace(/,/g, ''));
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : null;
}

interface RefundFormProps {
  payment: AdminPaymentView;
  busy: boolean;
  refused: ReactNode;
  /** `request` is made once per confirmation: sent again, the same refund happens once. */
  onRefund: (amount: number, reason: string, request: string) => Promise<boolean>;
  onBack: () => void;
}

/** Refund one payment: the amount (what is left, or less) and a reason, then a question that says exactly what happens. */
function RefundForm({ payment: p, busy, refused, onRefund, onBack }: RefundFormProps) {
  const R = TEXT.refund;
  const what = paymentWhat(p);
  const left = refundableCents(p);
  const [amount, setAmount] = useState((left / 100).toFixed(2));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const [asking, setAsking] = useState<{ cents: number; request: string } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const titleId = useId();
  const questionId = useId();
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) confirmRef.current?.focus();
    else formRef.current?.querySelector<HTMLElement>('input')?.focus();
  }, [asking]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const cents = centsOf(amount);
    const next = {
      amount: !amount.trim() ? R.amountRequired : cents === null || cents <= 0 ? R.amountInvalid : cents > left ? R.amountTooLarge(formatCentsExact(left)) : undefined,
      reason: reason.trim() ? undefined : R.reasonRequired,
    };
    setErrors(next);
    if (next.amount || next.reason || cents === null) {
      requestAnimationFrame(() => focusFirstInvalid(formRef.current));
      return;
    }
    // One id per confirmation: a double press or a retry of this question refunds once.
    setAsking({ cents, request: crypto.randomUUID() });
  };

  if (asking)
    return (
      <div className="ao__step-form" role="group" aria-labelledby={questionId} part="refund-confirm">
        <h4 className="ao__section-title">{R.title(what)}</h4>
        <p id={questionId} className="ao__question">
          {R.question(formatCentsExact(asking.cents), what)}
        </p>
        <p className="ao__muted ao__small">{R.explain}</p>
        {refused}
        <div className="ao__actions">
          <button
            ref={confirmRef}
            type="button"
            className="kyb-btn ao__danger"
            part="confirm-refund"
            aria-disabled={busy || undefined}
            onClick={() => void onRefund(asking.cents, reason.trim(), asking.request)}
          >
            {busy ? R.refunding : R.confirm(formatCentsExact(asking.cents))}
          </button>
          <button type="button" className="kyb-btn kyb-btn--outline" part="back" onClick={() => setAsking(null)}>
            {R.back}
          </button>
        </div>
      </div>
    );

  return (
    <form ref={formRef} className="ao__step-form" part="refund-form" aria-labelledby={titleId} noValidate onSubmit={submit}>
      <h4 className="ao__section-title" id={titleId}>
        {R.title(what)}
      </h4>
      <Field label={R.amount} error={errors.amount} hint={R.amountHint(formatCentsExact(left), what)} part="field amount-field">
        {(a) => (
          <input
            {...a}
            className="kyb-input"
            inputMode="decimal"
            autoComplete="off"
            maxLength={12}
            value={amount}
            onChange={(e) => {
              setAmount(e.currentTarget.value);
              setErrors((x) => ({ ...x, amount: undefined }));
            }}
          />
        )}
      </Field>
      <Field label={R.reason} error={errors.reason} hint={R.reasonHint} part="field reason-field">
        {(a) => (
          <input
            {...a}
            className="kyb-input"
            autoComplete="off"
            maxLength={REFUND_REASON_MAX}
            value={reason}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              setErrors((x) => ({ ...x, reason: undefined }));
            }}
          />
        )}
      </Field>
      <div className="ao__actions">
        <button type="submit" className="kyb-btn" part="submit">
          {R.next}
        </button>
        <button type="button" className="kyb-btn kyb-btn--ghost" part="back" onClick={onBack}>
          {R.back}
        </button>
      </div>
    </form>
  );
}
