/**
 * The brand's reply to one review (docs/reviews.md#merchant-replies): shown as visitors will see it,
 * with Edit reply and Remove reply, or a Reply button; the editor checks the length before anything is
 * sent and keeps the text on failure.
 */
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { REVIEW_REPLY_MAX } from '../core/domain.ts';
import { Reply } from '../../ui/reviews/view/index.ts';
import { type ModeratedReview, replyProblem } from './data.ts';

export function ReplyEditor({ review: r, busy, onSave }: { review: ModeratedReview; busy: boolean; onSave: (text: string) => Promise<boolean> }) {
  const [draft, setDraft] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const fieldId = useId();
  const noteId = useId();
  const errorId = useId();
  const area = useRef<HTMLTextAreaElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const open = draft !== null;
  // A layout effect: the field has focus in the same commit that shows it.
  useLayoutEffect(() => {
    if (open) area.current?.focus();
  }, [open]);

  const problem = draft === null ? null : replyProblem(draft);
  const length = draft?.trim().length ?? 0;
  const close = () => {
    setDraft(null);
    setTried(false);
    // Back to the button that opened the editor (rendered again once the editor is gone).
    requestAnimationFrame(() => opener.current?.focus());
  };

  const save = async (text: string) => {
    setTried(true);
    if (busy || replyProblem(text)) return;
    // Nothing written and nothing to remove: just close.
    if (!text.trim() && !r.reply) return close();
    if (await onSave(text)) close();
  };
  if (draft === null) {
    return (
      <div className="rm__reply">
        {r.reply ? <Reply reply={r.reply} /> : null}
        <div className="rm__reply-actions">
          <button
            type="button"
            ref={opener}
            className="kyb-btn kyb-btn--outline"
            part="reply-button"
            data-slot="reply"
            aria-disabled={busy || undefined}
            onClick={() => !busy && setDraft(r.reply?.content ?? '')}
          >
            {r.reply ? 'Edit reply' : 'Reply'}
            <span className="kyb-sr-only"> to review “{r.title}”</span>
          </button>
          {r.reply ? (
            <button type="button" className="kyb-btn kyb-btn--outline rm__delete" part="reply-remove" aria-disabled={busy || undefined} onClick={() => void save('')}>
              Remove reply<span className="kyb-sr-only"> to review “{r.title}”</span>
            </button>
          ) : null}
        </div>
      </div>
    );
  }
  return (
    <form
      className="rm__reply"
      part="reply-editor"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save(draft);
      }}
    >
      <div className="kyb-field">
        <label className="kyb-label" htmlFor={fieldId}>
          Public reply to “{r.title}”
        </label>
        <textarea
          id={fieldId}
          ref={area}
          className="kyb-textarea"
          value={draft}
          onChange={(e) => setDraft(e.currentTarget.value)}
          onKeyDown={(e) => e.key === 'Escape' && close()}
          aria-invalid={(tried || length > REVIEW_REPLY_MAX) && problem ? true : undefined}
          aria-describedby={`${noteId}${problem ? ` ${errorId}` : ''}`}
        />
        <div className="rm__reply-foot">
          <span id={noteId}>Shown under the review on the product page. Save it empty to remove it.</span>
          <span className="rm__reply-count" data-over={String(length > REVIEW_REPLY_MAX)}>
            {length} / {REVIEW_REPLY_MAX}
          </span>
        </div>
        {problem ? (
          <p className="rm__reply-error" id={errorId} role="alert">
            {problem}
          </p>
        ) : null}
      </div>
      <div className="rm__reply-actions">
        <button type="submit" className="kyb-btn" part="reply-save" aria-disabled={busy || undefined}>
          {busy ? 'Saving…' : 'Save reply'}
        </button>
        <button type="button" className="kyb-btn kyb-btn--outline" part="reply-cancel" onClick={close}>
          Cancel
        </button>
      </div>
    </form>
  );
}
