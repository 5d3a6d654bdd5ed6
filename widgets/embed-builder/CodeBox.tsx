/**
 * One form of the embed (script tag, iframe or link): what it is for, the code in a read-only field and
 * a Copy button. The clipboard may be refused (an older browser, a page without focus): then the code is
 * selected, so Ctrl+C (⌘C) copies it, and the line under the button says so.
 *
 * What happened shows at the button (issue #29: three "Copied" toasts stacked over the resizer line and
 * Copy link): "Copied ✓" on it for a moment, its name for assistive technology unchanged, and a status
 * line that screen readers announce.
 */
import { useId, useRef, type ReactNode } from 'react';
import { EMBED_MESSAGES, type Toast } from '../core/domain.ts';
import { useDone } from '../core/done.ts';

export interface CodeBoxProps {
  /** Heading: "Script tag", "Iframe", "Link". */
  title: string;
  /** For the Copy button and its status: "script tag", "iframe code", "link". */
  what: string;
  /** Where this form works. */
  note: ReactNode;
  code: string;
  rows: number;
  /** Under the code (the resizer checkbox, the Open link). */
  children?: ReactNode;
}

export function CodeBox({ title, what, note, code, rows, children }: CodeBoxProps) {
  const id = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const { done, say } = useDone<Toast>();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      say(EMBED_MESSAGES.copied(what));
    } catch {
      field.current?.focus();
      field.current?.select();
      // An instruction to follow: it stays until the next press.
      say(EMBED_MESSAGES.copyFailed, true);
    }
  };
  const copied = done?.variant === 'default';
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
        {/* The name stays "Copy <what>"; the mark is what the eye sees, the status what is announced. */}
        <button type="button" className="kyb-btn eb-form__copy" part="button copy" aria-label={`Copy ${what}`} data-done={copied || undefined} onClick={() => void copy()}>
          <span className="eb-form__copy-label">{`Copy ${what}`}</span>
          {copied ? (
            <span className="eb-form__copied" aria-hidden="true">
              {`${done.title} ✓`}
            </span>
          ) : null}
        </button>
        {children}
      </div>
      <p className={`eb-form__status${done?.variant === 'destructive' ? ' kyb-error' : ''}`} part="copy-status" role="status">
        {done ? copied ? <span className="kyb-sr-only">{done.description}</span> : `${done.title}: ${done.description}` : null}
      </p>
    </section>
  );
}
