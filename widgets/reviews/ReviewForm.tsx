/**
 * The review form (docs/reviews.md#review-form, #states, #validation, #messages): rating, title, name, text, up to 5 files.
 * States: editing → submitting → success (parent closes it) or failure (stays open, same review id,
 * so "submit" again finishes the same review instead of writing a second one).
 * Imported by Reviews.tsx when a signed-in visitor reaches for Write Review (hover or focus preloads
 * it), with everything only a writer needs: file checks, the submit path, the pending note.
 */
import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import type { User } from '@supabase/supabase-js';
import {
  displayNameFor,
  MSG,
  REVIEW_CONTENT_MAX,
  REVIEW_FILE_HINT,
  REVIEW_MIME_TYPES,
  REVIEW_NAME_MAX,
  REVIEW_TITLE_MAX,
  REVIEW_MAX_FILES,
  REVIEW_FIELD_MSG,
} from '../core/domain.ts';
import { ensureAuth } from '../core/auth.ts';
import type { ToastMessage } from '../core/toast.tsx';
import { Field, focusFirstInvalid } from '../core/form.tsx';
// Through Toasts.tsx (which the element loads with the form anyway) rather than shared/messages.ts: the
// bundler then keeps the messages in the chunk they share with core/toast.tsx for every element.
import { MESSAGES } from './Toasts.tsx';
import { StarInput } from './StarInput.tsx';
import { newReviewId, selectFiles } from '../../ui/reviews/model/files.ts';
import { profileDisplayName, submitReview, type SubmitProgress } from './submit.ts';
import { CONTROLS_TEXT } from './controls.ts';
import { dropReviewFormRequest } from './write-request.ts';
import formCss from './form.css?inline';
import iconButtonCss from './icon-button.css?inline';

/** kyb-review-submitted is dispatched (by Reviews.tsx) only after a submit: from here, not the list's chunk. */
export { emit } from '../core/events.ts';

/**
 * Adopted into the shadow root with this module, in this order: the shared field rules (the list's first
 * view leaves them out, core/controls.css), the icon button (shared with the lightbox), then the form's own
 * (and the pending note's).
 */
export const css = [...CONTROLS_TEXT, iconButtonCss, formCss];

type FieldName = 'title' | 'name' | 'content';

interface Picked {
  file: File;
  url: string;
  key: string;
}

let formSeq = 0;

export function ReviewForm({
  slug,
  bucket,
  user,
  toast,
  onSubmitted,
  onCancel,
}: {
  slug: string;
  /**
   * Where the files go (model/feed.ts REVIEW_BUCKET). A prop rather than an import: anything this module
   * imported from the list's modules would tie its chunk to the list's and make every visitor
   * download a module namespace object for nothing.
   */
  bucket: string;
  user: User | null;
  toast: (t: ToastMessage) => void;
  onSubmitted: (reviewId: string, files: number) => void;
  onCancel: () => void;
}) {
  const [uid] = useState(() => `rv-form-${++formSeq}`);
  const [rating, setRating] = useState(0);
  const [title, setTitle] = useState('');
  const [name, setName] = useState(() => (user ? displayNameFor(user) : ''));
  const [content, setContent] = useState('');
  const [picked, setPicked] = useState<Picked[]>([]);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [busy, setBusy] = useState(false);
  const [overflowNote, setOverflowNote] = useState('');
  // One id per form attempt: a retry after a failure reuses it (docs/reviews.md#states, idempotent submit).
  const [firstAttempt] = useState<{ id: string } & SubmitProgress>(() => ({ id: newReviewId(), reviewStored: false }));
  const attempt = useRef(firstAttempt);
  const [textLocked, setTextLocked] = useState(false);
  const nameTouched = useRef(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const pickedRef = useRef(picked);
  pickedRef.current = picked;

  // Layout effect: focus must land before the next input event, or the first keystrokes go astray
  // (preact runs plain effects after paint).
  useLayoutEffect(() => {
    headingRef.current?.focus();
    dropReviewFormRequest();
  }, []);
  useEffect(() => () => pickedRef.current.forEach((p) => URL.revokeObjectURL(p.url)), []);

  // The profile's display name is the better prefill (the user may have edited it on /account).
  useEffect(() => {
    if (!user) return;
    const userId = user.id;
    let live = true;
    ensureAuth()
      .then((c) => profileDisplayName(c, userId))
      .then((n) => {
        if (live && n && !nameTouched.current) setName(n);
      })
      .catch((e) => console.error('[kyb-reviews] profile lookup failed', e));
    return () => {
      live = false;
    };
  }, [user?.id]);

  function onFiles(list: FileList | null) {
    const incoming = Array.from(list ?? []);
    if (fileInput.current) fileInput.current.value = '';
    if (!incoming.length) return;
    const held = picked.map((p) => p.file);
    const { kept, rejected, overflow } = selectFiles(held, incoming);
    if (rejected.length) toast(MESSAGES.reviewInvalidFiles);
    setOverflowNote(overflow.length ? REVIEW_FIELD_MSG.tooManyFiles(overflow.length, REVIEW_MAX_FILES) : '');
    const added = kept.slice(held.length).map((file) => ({ file, url: URL.createObjectURL(file), key: `${file.name}-${file.size}-${Math.random()}` }));
    if (added.length) setPicked((xs) => [...xs, ...added]);
  }

  function removeFile(key: string) {
    setPicked((xs) => {
      const gone = xs.find((x) => x.key === key);
      if (gone) URL.revokeObjectURL(gone.url);
      return xs.filter((x) => x.key !== key);
    });
    setOverflowNote('');
    fileInput.current?.focus();
  }

  /** Shows every problem at once: the rating toast (docs/errors.md) and the empty required fields inline. */
  function validate(): boolean {
    const next: Partial<Record<FieldName, string>> = {};
    if (!title.trim()) next.title = REVIEW_FIELD_MSG.titleRequired;
    if (!name.trim()) next.name = MSG.nameRequired;
    if (!content.trim()) next.content = REVIEW_FIELD_MSG.contentRequired;
    setErrors(next);
    const fieldsOk = !Object.keys(next).length;
    if (rating < 1) {
      toast({ ...MESSAGES.reviewRatingRequired, cause: 'rating' });
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLInputElement>('input[type="radio"]')?.focus());
    } else if (!fieldsOk) {
      requestAnimationFrame(() => focusFirstInvalid(formRef.current));
    }
    return fieldsOk && rating >= 1;
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (!user) {
      toast(MESSAGES.reviewAuthRequired);
      return;
    }
    if (!validate()) return;
    setBusy(true);
    const files = picked.map((p) => p.file);
    try {
      const client = await ensureAuth();
      await submitReview(
        client,
        {
          id: attempt.current.id,
          bucket,
          userId: user.id,
          slug,
          rating,
          title: title.trim(),
          content: content.trim(),
          reviewerName: name.trim(),
          files,
        },
        attempt.current,
      );
      toast({ ...MESSAGES.reviewSuccess, cause: 'submit' });
      onSubmitted(attempt.current.id, files.length);
    } catch (err) {
      console.error('[kyb-reviews] review submission failed', err);
      toast({ ...MESSAGES.reviewSubmitFailed, cause: 'submit' });
      // The text is stored; only the files are left to finish. Editing it now would be silently lost.
      if (attempt.current.reviewStored) setTextLocked(true);
      setBusy(false);
    }
  }

  const lockedNoteId = textLocked ? `${uid}-locked` : undefined;

  return (
    <form ref={formRef} className="rv-form kyb-card" part="form" noValidate onSubmit={onSubmit} aria-labelledby={`${uid}-heading`} aria-busy={busy}>
      <h3 className="rv-form__heading" id={`${uid}-heading`} tabIndex={-1} ref={headingRef}>
        Write a Review
      </h3>
      <p className="rv-form__required-note">
        Fields marked <span aria-hidden="true">*</span>
        <span className="kyb-sr-only">with an asterisk</span> are required.
      </p>
      {textLocked ? (
        <p className="rv-form__locked" id={lockedNoteId} role="note">
          {REVIEW_FIELD_MSG.textSaved}
        </p>
      ) : null}

      <fieldset className="rv-form__rating" disabled={textLocked || busy}>
        <legend className="kyb-label">
          <Req>Rating</Req>
        </legend>
        <StarInput
          name={`${uid}-rating`}
          value={rating}
          onChange={(v) => {
            setRating(v);
            // The rating is given: "Rating required" has done its work (issue #23).
            toast({ withdraw: 'rating' });
          }}
          disabled={textLocked || busy}
        />
      </fieldset>

      <Field label={<Req>Review Title</Req>} error={errors.title} part="field title-field">
        {(a11y) => (
          <input
            {...a11y}
            className="kyb-input"
            required
            maxLength={REVIEW_TITLE_MAX}
            value={title}
            readOnly={textLocked}
            placeholder="Summarize your experience"
            onChange={(e) => {
              setTitle((e.target as HTMLInputElement).value);
              if (errors.title) setErrors((x) => ({ ...x, title: undefined }));
            }}
          />
        )}
      </Field>

      <Field label={<Req>Your Name</Req>} error={errors.name} part="field name-field">
        {(a11y) => (
          <input
            {...a11y}
            className="kyb-input"
            required
            autoComplete="name"
            maxLength={REVIEW_NAME_MAX}
            value={name}
            readOnly={textLocked}
            onChange={(e) => {
              nameTouched.current = true;
              setName((e.target as HTMLInputElement).value);
              if (errors.name) setErrors((x) => ({ ...x, name: undefined }));
            }}
          />
        )}
      </Field>

      <Field label={<Req>Your Review</Req>} error={errors.content} part="field content-field">
        {(a11y) => (
          <textarea
            {...a11y}
            className="kyb-input kyb-textarea rv-form__textarea"
            required
            rows={5}
            maxLength={REVIEW_CONTENT_MAX}
            value={content}
            readOnly={textLocked}
            placeholder="What did you love? How did it wear?"
            onChange={(e) => {
              setContent((e.target as HTMLTextAreaElement).value);
              if (errors.content) setErrors((x) => ({ ...x, content: undefined }));
            }}
          />
        )}
      </Field>

      <div className="kyb-field rv-files">
        <span className="kyb-label" id={`${uid}-files-label`}>
          Photos &amp; Videos <span className="rv-optional">(optional)</span>
        </span>
        <input
          ref={fileInput}
          id={`${uid}-files`}
          className="rv-files__input"
          type="file"
          multiple
          accept={REVIEW_MIME_TYPES.join(',')}
          disabled={busy || picked.length >= REVIEW_MAX_FILES}
          aria-labelledby={`${uid}-files-label ${uid}-files-button`}
          aria-describedby={`${uid}-files-hint`}
          onChange={(e) => onFiles((e.target as HTMLInputElement).files)}
        />
        <label htmlFor={`${uid}-files`} className="rv-files__button" id={`${uid}-files-button`}>
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M4 7h3l2-2h6l2 2h3v12H4z" />
            <circle cx="12" cy="13" r="3.5" />
          </svg>
          Add photos or videos
        </label>
        <span className="rv-files__hint" id={`${uid}-files-hint`}>
          {REVIEW_FILE_HINT}
        </span>
        {overflowNote ? (
          <span className="rv-files__note" role="status">
            {overflowNote}
          </span>
        ) : null}
        {picked.length ? (
          <ul className="rv-files__list" aria-label="Chosen files">
            {picked.map((p) => (
              <li key={p.key} className="rv-files__item">
                {p.file.type.startsWith('video/') || p.file.name.toLowerCase().endsWith('.mov') ? (
                  <video src={p.url} muted playsInline preload="metadata" aria-hidden="true" tabIndex={-1} />
                ) : (
                  <img src={p.url} alt="" />
                )}
                <span className="kyb-sr-only">{p.file.name}</span>
                <button type="button" className="rv-files__remove" aria-label={`Remove ${p.file.name}`} disabled={busy} onClick={() => removeFile(p.key)}>
                  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                    <path d="M6 6l12 12M18 6L6 18" />
                  </svg>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>

      <div className="rv-form__actions">
        <button type="submit" className="kyb-btn" disabled={busy} part="submit-button">
          {busy ? 'Submitting...' : 'Submit Review'}
        </button>
        <button type="button" className="kyb-btn kyb-btn--outline" disabled={busy} onClick={onCancel} part="cancel-button">
          Cancel
        </button>
      </div>
    </form>
  );
}

/** A label with the required mark (docs/reviews.md#review-form: rating, title, name and content are marked required). */
function Req({ children }: { children: string }) {
  return (
    <>
      {children}{' '}
      <span className="rv-req" aria-hidden="true">
        *
      </span>
    </>
  );
}

/** Shown after a submit: the review is stored and waits for moderation (docs/reviews.md#review-form). */
export function PendingNote({ onDismiss }: { onDismiss: () => void }) {
  return (
    <div className="rv-note" role="status" part="pending-note">
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="9" />
        <path d="M12 7v5l3 2" />
      </svg>
      <span>{REVIEW_FIELD_MSG.pendingApproval}</span>
      <button type="button" className="rv-icon-btn rv-note__close" aria-label="Dismiss" onClick={onDismiss}>
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M6 6l12 12M18 6L6 18" />
        </svg>
      </button>
    </div>
  );
}
