/**
 * <kyb-review-moderation>: the business's review moderation screen. A submitted review is stored
 * unapproved (migration reviews) and listed on the product pages only once approved; this is where an
 * admin approves it.
 *
 * States: loading → not signed in ("Authentication required" with a Sign in button) / signed in without the admin role
 * → "Admin Access Required"; admin → "Review Moderation": Pending / Approved / All (default Pending,
 * each with its count), a product filter, and per review its product, stars, title, text, reviewer,
 * date, verified mark (the database sets it from the orders: nobody toggles it) and media, with Approve
 * or Unapprove and Delete (confirmed; removes the review's files from storage too), and the brand's public reply (issue #10):
 * Reply / Edit reply opens an editor (limit REVIEW_REPLY_MAX, checked before sending), Remove reply
 * deletes it, and saving an empty reply removes it too. Every action refetches; pages of 20 with
 * "Load more". The database's RLS is the real gate: only admins can read pending reviews or write.
 *
 * One review's row and its actions are in Row.tsx, the reply editor in ReplyEditor.tsx; how a review
 * reads (avatar, stars, dates, badges, reply) comes from the reviews module (ui/reviews/model/, view/), and each
 * row's review is the card kyb-reviews draws (ui/reviews/ReviewCard.tsx), inside the row's own chrome.
 * Its attributes, events and parts: widgets/review-moderation/register.ts.
 */
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { REVIEW_SLUGS, MODERATION_MESSAGES as MSG, reviewSubjectName } from '../core/domain.ts';
import { AdminGate, useAdminCall, type AdminPanelProps } from '../core/admin-gate.tsx';
import { useDone } from '../core/done.ts';
import { Modal } from '../core/dialog.tsx';
import { emit, type KybEventMap } from '../core/events.ts';
import { Row } from './Row.tsx';
import {
  PAGE_SIZE,
  STATUSES,
  STATUS_LABEL,
  countReviews,
  deleteReview,
  listReviews,
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
  slot: 'approval' | 'reply' | null;
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
  /** What the last step did ("Review approved"), said in the panel's status line, not a toast (issue #29). */
  const { done, say } = useDone<string>();
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
    if (!r.ok) {
      console.error('[kyb-review-moderation] update failed', patch, r.error);
      toast(MSG.updateFailed);
    } else {
      say((patch.is_approved ? MSG.approved : MSG.unapproved).description!);
      notify(review.id, patch.is_approved ? 'approve' : 'unapprove');
    }
    focusAfter.current = { id: review.id, index, slot: 'approval' };
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
    say((r.value.removed ? MSG.replyRemoved : MSG.replySaved).description!);
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
      say(MSG.deleted.description!);
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
              {/* Room for the count before it is known, so the tabs keep their width when it arrives. */}
              <span className="rm__count" aria-hidden={counts ? undefined : true}>
                {counts ? ` (${counts[s]})` : ' (…)'}
              </span>
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
                {reviewSubjectName(s)}
              </option>
            ))}
          </select>
        </div>
      </div>

      <p className="rm__status" role="status" part="status">
        {rows === null ? 'Loading reviews…' : rows.length ? `Showing ${shown} of ${total} ${STATUS_LABEL[status].toLowerCase()} ${total === 1 ? 'review' : 'reviews'}` : ''}
      </p>
      <p className="rm__done" part="done" role="status">
        {done ? (
          <>
            <span aria-hidden="true">✓ </span>
            {done}
          </>
        ) : null}
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
          “{confirm?.title}” by {confirm?.reviewer_name} will be deleted with its {confirm?.media.length ?? 0} {confirm?.media.length === 1 ? 'file' : 'files'}. This cannot be
          undone.
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
