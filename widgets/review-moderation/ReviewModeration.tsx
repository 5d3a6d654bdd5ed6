/**
 * <kyb-review-moderation>: the business's review moderation screen. A submitted review is stored
 * unapproved (migration reviews) and listed on the product pages only once approved; this is where an
 * admin approves it.
 *
 * States: loading → not signed in ("Authentication required" with a Sign in button) / signed in without the admin role
 * → "Admin Access Required"; admin → "Review Moderation": Pending / Approved / All (default Pending,
 * each with its count), a product filter, and per review its product, stars, title, text, reviewer,
 * date, verified mark and media, with Approve or Unapprove, the Verified Purchase toggle and Delete
 * (confirmed; removes the review's files from storage too), and the brand's public reply (issue #10):
 * Reply / Edit reply opens an editor (limit REVIEW_REPLY_MAX, checked before sending), Remove reply
 * deletes it, and saving an empty reply removes it too. Every action refetches; pages of 20 with
 * "Load more". The database's RLS is the real gate: only admins can read pending reviews or write.
 *
 * Its attributes, events and parts: widgets/review-moderation/define.ts.
 */
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { REVIEW_SLUGS } from '../../supabase/functions/_shared/rules.ts';
import { AdminGate, useAdminCall, type AdminPanelProps } from '../core/admin-gate.tsx';
import { Modal } from '../core/dialog.tsx';
import { emit, type KybEventMap } from '../core/events.ts';
import { REVIEW_REPLY_MAX } from '../../supabase/functions/_shared/rules.ts';
import { Avatar } from '../reviews/Avatar.tsx';
import { Reply } from '../reviews/Reply.tsx';
import { Stars } from '../reviews/Stars.tsx';
import { formatReviewDate, ratingLabel } from '../reviews/rules.ts';
import { isVideo, mediaUrl } from '../reviews/data.ts';
import { MODERATION_MESSAGES as MSG } from './messages.ts';
import {
  PAGE_SIZE,
  STATUSES,
  STATUS_LABEL,
  countReviews,
  deleteReview,
  listReviews,
  replyProblem,
  saveReply,
  updateReview,
  type ModeratedReview,
  type ReviewPatch,
  type Status,
} from './data.ts';

export type ReviewModeratedDetail = KybEventMap['kyb-review-moderated'];
export type ModerationAction = ReviewModeratedDetail['action'];

export interface ReviewModerationProps {
  container?: unknown;
}

export function ReviewModeration({ container }: ReviewModerationProps) {
  return <AdminGate container={container} prefix="rm" denied="Your account does not have access to review moderation." Panel={Panel} />;
}

/** Where focus goes once the list is refetched after an action on review `id` (at `index`). */
interface FocusTarget {
  id: string;
  index: number;
  /** The control to land on when the review is still listed (its label may have changed). */
  slot: 'approval' | 'verify' | 'reply' | null;
}

function Panel({ toast, host }: AdminPanelProps) {
  const [status, setStatus] = useState<Status>('pending');
  const [slug, setSlug] = useState<string | null>(null);
  const [rows, setRows] = useState<ModeratedReview[] | null>(null);
  const [total, setTotal] = useState(0);
  const [counts, setCounts] = useState<Record<Status, number> | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<ModeratedReview | null>(null);
  const [deleting, setDeleting] = useState(false);
  const seq = useRef(0);
  const focusAfter = useRef<FocusTarget | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const productId = useId();
  const dialogTitle = useId();
  const dialogDesc = useId();

  const call = useAdminCall();

  /**
   * Reloads the counts and the first `keep` reviews (at least a page) of the current filter, so an
   * action keeps the admin's place in a long list. A newer load wins over an older one still running.
   */
  const refetch = useCallback(
    async (keep = PAGE_SIZE) => {
      const mine = ++seq.current;
      const [list, c] = await Promise.all([call((x) => listReviews(x, { status, slug }, 0, Math.max(PAGE_SIZE, keep))), call((x) => countReviews(x, slug))]);
      if (mine !== seq.current) return;
      if (list.ok) {
        setRows(list.value.rows);
        setTotal(list.value.total);
      } else {
        console.error('[kyb-review-moderation] fetch failed', list.error);
        toast(MSG.fetchFailed);
        setRows((xs) => xs ?? []);
      }
      if (c.ok) setCounts(c.value);
      else console.error('[kyb-review-moderation] count failed', c.error);
    },
    [call, status, slug, toast],
  );

  useEffect(() => {
    setRows(null);
    void refetch();
  }, [refetch]);

  const loadMore = async () => {
    if (!rows) return;
    const mine = seq.current;
    const from = rows.length;
    setLoadingMore(true);
    const r = await call((x) => listReviews(x, { status, slug }, from));
    setLoadingMore(false);
    if (mine !== seq.current) return;
    if (!r.ok) {
      console.error('[kyb-review-moderation] fetch failed', r.error);
      toast(MSG.fetchFailed);
      return;
    }
    // A review approved in another tab meanwhile shifts the pages: never list one twice.
    const seen = new Set(rows.map((x) => x.id));
    const fresh = r.value.rows.filter((x) => !seen.has(x.id));
    // Focus the first newly listed review (the button that was pressed may be gone).
    focusAfter.current = fresh[0] ? { id: fresh[0].id, index: from, slot: null } : null;
    setRows([...rows, ...fresh]);
    setTotal(r.value.total);
  };

  // After a refetch: back to the same control of the same review, else the review now in its place,
  // else the heading; never leave focus on a removed node (it falls to <body>). A layout effect: focus
  // lands in the same commit as the refetched list, before anything else can be interacted with.
  useLayoutEffect(() => {
    const f = focusAfter.current;
    if (!f || !rows) return;
    focusAfter.current = null;
    const list = listRef.current;
    const items = list ? [...list.querySelectorAll<HTMLElement>(':scope > li')] : [];
    const same = items.find((li) => li.dataset.id === f.id);
    if (same && f.slot) {
      same.querySelector<HTMLElement>(`[data-slot="${f.slot}"]`)?.focus();
      return;
    }
    const next = same ?? items[Math.min(f.index, items.length - 1)];
    (next?.querySelector<HTMLElement>('article') ?? headingRef.current)?.focus();
  }, [rows]);

  const notify = useCallback(
    (reviewId: string, action: ModerationAction) => {
      emit(host(), 'kyb-review-moderated', { reviewId, action });
    },
    [host],
  );

  const update = async (review: ModeratedReview, index: number, patch: ReviewPatch) => {
    setBusy(review.id);
    const r = await call((x) => updateReview(x, review.id, patch));
    const approval = 'is_approved' in patch;
    if (!r.ok) {
      console.error('[kyb-review-moderation] update failed', patch, r.error);
      toast(MSG.updateFailed);
    } else {
      const action: ModerationAction = approval ? (patch.is_approved ? 'approve' : 'unapprove') : patch.is_verified_purchase ? 'verify' : 'unverify';
      if (approval) toast(patch.is_approved ? MSG.approved : MSG.unapproved);
      notify(review.id, action);
    }
    focusAfter.current = { id: review.id, index, slot: approval ? 'approval' : 'verify' };
    await refetch(rows?.length);
    setBusy(null);
  };

  /** Saves (or, blank, removes) the reply; true when done, so the row closes its editor. */
  const reply = async (review: ModeratedReview, index: number, text: string): Promise<boolean> => {
    setBusy(review.id);
    const r = await call((x) => saveReply(x, review.id, text));
    if (!r.ok) {
      console.error('[kyb-review-moderation] reply failed', r.error);
      toast(MSG.replyFailed);
      setBusy(null);
      return false;
    }
    toast(r.value.removed ? MSG.replyRemoved : MSG.replySaved);
    notify(review.id, r.value.removed ? 'unreply' : 'reply');
    focusAfter.current = { id: review.id, index, slot: 'reply' };
    await refetch(rows?.length);
    setBusy(null);
    return true;
  };

  const onDelete = async () => {
    const review = confirm;
    if (!review) return;
    const index = rows?.findIndex((x) => x.id === review.id) ?? 0;
    setDeleting(true);
    const r = await call((x) => deleteReview(x, review.id));
    setDeleting(false);
    setConfirm(null);
    if (!r.ok) {
      console.error('[kyb-review-moderation] delete failed', r.error);
      toast(MSG.deleteFailed);
    } else {
      toast(MSG.deleted);
      notify(review.id, 'delete');
    }
    focusAfter.current = { id: review.id, index: Math.max(0, index), slot: null };
    await refetch(rows?.length);
  };

  const shown = rows?.length ?? 0;
  return (
    <section className="rm__panel" aria-labelledby={headingId} aria-busy={rows === null || undefined}>
      <h2 className="rm__heading" part="heading" id={headingId} ref={headingRef} tabIndex={-1}>
        Review Moderation
      </h2>
      <div className="rm__filters kyb-card" part="filters">
        <div className="rm__tabs" role="group" aria-label="Show reviews" part="tabs">
          {STATUSES.map((s) => (
            <button
              key={s}
              type="button"
              className={`kyb-btn rm__tab${s === status ? '' : ' kyb-btn--outline'}`}
              part="tab"
              data-status={s}
              aria-pressed={s === status}
              onClick={() => setStatus(s)}
            >
              {STATUS_LABEL[s]}
              <span className="rm__count">{counts ? ` (${counts[s]})` : ''}</span>
            </button>
          ))}
        </div>
        <div className="kyb-field rm__product" part="product">
          <label className="kyb-label" htmlFor={productId}>
            Product
          </label>
          <select id={productId} className="kyb-select" value={slug ?? ''} onChange={(e) => setSlug(e.currentTarget.value || null)}>
            <option value="">All products</option>
            {REVIEW_SLUGS.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
      </div>

      <p className="rm__status" role="status" part="status">
        {rows === null ? 'Loading reviews…' : rows.length ? `Showing ${shown} of ${total} ${STATUS_LABEL[status].toLowerCase()} ${total === 1 ? 'review' : 'reviews'}` : ''}
      </p>
      {rows !== null && rows.length === 0 ? (
        <p className="rm__empty" part="empty">
          {status === 'pending' ? 'No reviews are waiting for moderation.' : 'No reviews match this filter.'}
        </p>
      ) : null}
      {rows?.length ? (
        <ul className="rm__list" part="list" ref={listRef}>
          {rows.map((r, i) => (
            <Row
              key={r.id}
              review={r}
              busy={busy === r.id}
              onApprove={(on) => void update(r, i, { is_approved: on })}
              onVerify={(on) => void update(r, i, { is_verified_purchase: on })}
              onDelete={() => setConfirm(r)}
              onReply={(text) => reply(r, i, text)}
            />
          ))}
        </ul>
      ) : null}
      {rows && rows.length < total ? (
        <button type="button" className="kyb-btn kyb-btn--outline rm__more" part="load-more" onClick={() => void loadMore()} disabled={loadingMore}>
          {loadingMore ? 'Loading…' : 'Load more'}
        </button>
      ) : null}

      <Modal open={!!confirm} onClose={() => !deleting && setConfirm(null)} labelledBy={dialogTitle} describedBy={dialogDesc}>
        <h3 id={dialogTitle} className="rm__dialog-title">
          Delete this review?
        </h3>
        <p id={dialogDesc}>
          “{confirm?.title}” by {confirm?.reviewer_name} will be deleted with its {confirm?.review_media.length ?? 0} {confirm?.review_media.length === 1 ? 'file' : 'files'}. This
          cannot be undone.
        </p>
        <div className="rm__dialog-actions">
          <button type="button" className="kyb-btn kyb-btn--outline" onClick={() => setConfirm(null)} disabled={deleting} data-autofocus>
            Cancel
          </button>
          <button type="button" className="kyb-btn rm__danger" onClick={() => void onDelete()} disabled={deleting}>
            {deleting ? 'Deleting…' : 'Delete'}
          </button>
        </div>
      </Modal>
    </section>
  );
}

interface RowProps {
  review: ModeratedReview;
  busy: boolean;
  onApprove: (approve: boolean) => void;
  onVerify: (verified: boolean) => void;
  onDelete: () => void;
  onReply: (text: string) => Promise<boolean>;
}

// While an action runs the row's buttons say aria-disabled rather than disabled: a disabled button
// drops focus to <body>, and the admin's place (the control just pressed) must survive the refetch.
function Row({ review: r, busy, onApprove, onVerify, onDelete, onReply }: RowProps) {
  const titleId = useId();
  const of = <span className="kyb-sr-only"> review “{r.title}”</span>;
  return (
    <li className="rm__item" data-id={r.id} data-approved={String(r.is_approved)}>
      <article className="rm__review" part="review" aria-labelledby={titleId} tabIndex={-1}>
        <header className="rm__head">
          <Avatar name={r.reviewer_name} />
          <div className="rm__who">
            <span className="rm__name">{r.reviewer_name}</span>
            <span className="rm__meta">
              <time dateTime={r.created_at}>{formatReviewDate(r.created_at)}</time>
              <span className="rm__product-name">{r.product_slug}</span>
            </span>
          </div>
          <span className={`rm__badge rm__badge--${r.is_approved ? 'approved' : 'pending'}`} part="badge">
            {r.is_approved ? 'Approved' : 'Pending'}
          </span>
        </header>
        <div className="rm__rating">
          <Stars value={r.rating} label={ratingLabel(r.rating)} size="sm" />
          {r.is_verified_purchase ? (
            <span className="rm__verified" part="verified">
              <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
                <path d="M8 1.2l1.7 1.3 2.1-.1.6 2 1.8 1.2-.7 2 .7 2-1.8 1.2-.6 2-2.1-.1L8 14.8l-1.7-1.3-2.1.1-.6-2-1.8-1.2.7-2-.7-2 1.8-1.2.6-2 2.1.1z" />
                <path d="M5.3 8.2l1.8 1.8 3.6-3.7" fill="none" stroke="#fff" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
              Verified Purchase
            </span>
          ) : null}
        </div>
        <h3 className="rm__title" id={titleId}>
          {r.title}
        </h3>
        <p className="rm__content">{r.content}</p>
        {r.review_media.length ? (
          <ul className="rm__media" part="media" aria-label="Photos and videos">
            {r.review_media.map((m, i) => {
              const what = `${isVideo(m.file_type) ? 'Video' : 'Photo'} ${i + 1} of ${r.review_media.length}`;
              return (
                <li key={m.id}>
                  {isVideo(m.file_type) ? (
                    <video src={mediaUrl(m.file_path)} controls preload="metadata" playsInline aria-label={`${what} from ${r.reviewer_name}'s review`} />
                  ) : (
                    <a href={mediaUrl(m.file_path)} target="_blank" rel="noopener noreferrer" className="rm__thumb">
                      <img
                        src={mediaUrl(m.file_path)}
                        alt={`${what} from ${r.reviewer_name}'s review (opens in a new tab)`}
                        width={96}
                        height={96}
                        loading="lazy"
                        decoding="async"
                      />
                    </a>
                  )}
                </li>
              );
            })}
          </ul>
        ) : null}
        <ReplyEditor review={r} busy={busy} onSave={onReply} />
      </article>
      <div className="rm__actions" part="actions">
        {r.is_approved ? (
          <button
            type="button"
            className="kyb-btn kyb-btn--outline"
            part="unapprove"
            data-slot="approval"
            aria-disabled={busy || undefined}
            onClick={() => !busy && onApprove(false)}
          >
            Unapprove{of}
          </button>
        ) : (
          <button type="button" className="kyb-btn" part="approve" data-slot="approval" aria-disabled={busy || undefined} onClick={() => !busy && onApprove(true)}>
            Approve{of}
          </button>
        )}
        <button
          type="button"
          className="kyb-btn kyb-btn--outline rm__toggle"
          part="verify"
          data-slot="verify"
          aria-pressed={r.is_verified_purchase}
          aria-disabled={busy || undefined}
          onClick={() => !busy && onVerify(!r.is_verified_purchase)}
        >
          Verified Purchase<span className="kyb-sr-only">: review “{r.title}”</span>
        </button>
        <button type="button" className="kyb-btn kyb-btn--outline rm__delete" part="delete" aria-disabled={busy || undefined} onClick={() => !busy && onDelete()}>
          Delete{of}
        </button>
      </div>
    </li>
  );
}

/**
 * The brand's reply to one review: shown as visitors will see it, with Edit reply and Remove reply, or
 * a Reply button; the editor checks the length before anything is sent and keeps the text on failure.
 */
function ReplyEditor({ review: r, busy, onSave }: { review: ModeratedReview; busy: boolean; onSave: (text: string) => Promise<boolean> }) {
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
