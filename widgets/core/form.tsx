/**
 * Form helpers: label / error / hint wiring done once.
 *
 * API
 * - `<Field label error? hint? part?>{(a11y) => <input {...a11y} className="kyb-input" … />}</Field>`:
 *   renders `.kyb-field` with a `<label for>`, gives the control `id`, `aria-invalid` (only when
 *   there is an error) and `aria-describedby` (hint + error ids), and shows the error under it in
 *   `.kyb-error` (part `error`). Ids come from useId, unique inside the element's shadow root.
 * - `useFocusAfterRender<T>()` → `{root, focus(selector)}`: put `ref={root}` on a container; `focus(sel)`
 *   focuses `root.querySelector(sel)` after the render that commits the state set alongside it (the
 *   request is state, so it cannot run before the errors it points at are on screen). After a failed
 *   submit: `focus(INVALID)` — keyboard and screen-reader users land on the problem.
 * - `focusFirstInvalid(root)`: the same, immediately.
 * - `<EmailInput {...a11y} value onValue placeholder? autoFocus? required?>`: the e-mail control of every
 *   form that asks for one (`.kyb-input`, type, name, autocomplete and keyboard written once), for use
 *   inside `Field`; `onValue` gets the typed text.
 * - `errorsOf(result)`: zod/mini `safeParse` result → `{field: first message}` (or `{}` when valid).
 */
import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';

export interface FieldA11y {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

export interface FieldProps {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  part?: string;
  children: (a11y: FieldA11y) => ReactNode;
}

export function Field({ label, error, hint, part = 'field', children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="kyb-field" part={part}>
      <label className="kyb-label" htmlFor={id} part="label">
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint ? (
        <p id={hintId} className="kyb-hint" part="hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="kyb-error" part="error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export interface EmailInputProps extends FieldA11y {
  value: string;
  onValue: (value: string) => void;
  placeholder?: string;
  autoFocus?: boolean;
  required?: boolean;
}

export function EmailInput({ value, onValue, ...rest }: EmailInputProps) {
  return <input {...rest} className="kyb-input" type="email" name="email" autoComplete="email" inputMode="email" value={value} onChange={(e) => onValue(e.currentTarget.value)} />;
}

export const INVALID = '[aria-invalid="true"]';

export function focusFirstInvalid(root: ParentNode | null | undefined) {
  root?.querySelector<HTMLElement>(INVALID)?.focus();
}

export function useFocusAfterRender<T extends HTMLElement = HTMLElement>(): { root: RefObject<T | null>; focus: (selector: string) => void } {
  const root = useRef<T>(null);
  const [request, setRequest] = useState<{ selector: string; n: number } | null>(null);
  useEffect(() => {
    if (request) root.current?.querySelector<HTMLElement>(request.selector)?.focus();
  }, [request]);
  const focus = useRef((selector: string) => setRequest((r) => ({ selector, n: (r?.n ?? 0) + 1 }))).current;
  return { root, focus };
}

/**
 * Same rule as contracts.ts `fieldErrors` (first message per field). Not imported from there: that
 * module builds every function's schema at load, and elements without a schema (auth-button) would
 * download zod for nothing.
 */
export function errorsOf(
  result: { success: true } | { success: false; error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> } },
): Record<string, string> {
  const out: Record<string, string> = {};
  if (result.success) return out;
  for (const i of result.error.issues) {
    const k = String(i.path[0] ?? '_');
    if (!(k in out)) out[k] = i.message;
  }
  return out;
}
