/**
 * One form of the embed (script tag, iframe or link): what it is for, the code in a read-only field and
 * a Copy button. The clipboard may be refused (an older browser, a page without focus): then the code is
 * selected, so Ctrl+C (⌘C) copies it, and a toast says so.
 */
import { useId, useRef, type ReactNode } from 'react';
import { EMBED_MESSAGES } from '../core/domain.ts';
import type { ToastFn } from '../core/admin-gate.tsx';

export interface CodeBoxProps {
  /** Heading: "Script tag", "Iframe", "Link". */
  title: string;
  /** For the Copy button and the toast: "script tag", "iframe code", "link". */
  what: string;
  /** Where this form works. */
  note: ReactNode;
  code: string;
  rows: number;
  toast: ToastFn;
  /** Under the code (the resizer checkbox, the Open link). */
  children?: ReactNode;
}

export function CodeBox({ title, what, note, code, rows, toast, children }: CodeBoxProps) {
  const id = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      toast(EMBED_MESSAGES.copied(what));
    } catch {
      field.current?.focus();
      field.current?.select();
      toast(EMBED_MESSAGES.copyFailed);
    }
  };
  return (
    <section className="eb-form kyb-card" part="form" aria-labelledby={`${id}-title`}>
      <h3 className="eb-form__title" id={`${id}-title`}>
        {title}
      </h3>
      <p className="eb-form__note" part="note" id={`${id}-note`}>
        {note}
      </p>
      <label className="kyb-sr-only" htmlFor={`${id}-code`}>
        {`${title} code`}
      </label>
      <textarea
        ref={field}
        id={`${id}-code`}
        className="kyb-textarea eb-form__code"
        part="code"
        readOnly
        rows={rows}
        spellCheck={false}
        value={code}
        aria-describedby={`${id}-note`}
        onFocus={(e) => e.currentTarget.select()}
      />
      <div className="eb-form__actions">
        <button type="button" className="kyb-btn" part="button copy" onClick={() => void copy()}>
          {`Copy ${what}`}
        </button>
        {children}
      </div>
    </section>
  );
}
