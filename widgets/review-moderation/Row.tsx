/**
 * One review in the moderation list: the card visitors will see (ui/reviews/ReviewCard.tsx, the same
 * drawing as kyb-reviews' list and the built pages), with the row's own chrome in the card's slots: the
 * product beside the date, the status badge, media opening in a new tab, the reply editor; and Approve /
 * Unapprove and Delete beside it. The Verified Purchase mark is the database's, from the orders, never
 * set by hand.
 */
import { reviewSubjectName } from '../core/domain.ts';
import { fileUrl } from '../core/review-file-url.ts';
import { ReviewCard } from '../../ui/reviews/ReviewCard.tsx';
import { isVideo } from '../../ui/reviews/model/index.ts';
import type { ModeratedReview } from './data.ts';
import { ReplyEditor } from './ReplyEditor.tsx';

interface RowProps {
  review: ModeratedReview;
  busy: boolean;
  onApprove: (approve: boolean) => void;
  onDelete: () => void;
  onReply: (text: string) => Promise<boolean>;
}

// While an action runs the row's buttons say aria-disabled rather than disabled: a disabled button
// drops focus to <body>, and the admin's place (the control just pressed) must survive the refetch.
export function Row({ review: r, busy, onApprove, onDelete, onReply }: RowProps) {
  const of = <span className="kyb-sr-only"> review “{r.title}”</span>;
  return (
    <li className="rm__item" data-id={r.id} data-approved={String(r.is_approved)}>
      <ReviewCard
        review={r}
        block="rm-review"
        focusable
        meta={
          <span className="rm__product-name" data-slug={r.product_slug}>
            {reviewSubjectName(r.product_slug)}
          </span>
        }
        badge={
          <span className={`rm__badge rm__badge--${r.is_approved ? 'approved' : 'pending'}`} part="badge">
            {r.is_approved ? 'Approved' : 'Pending'}
          </span>
        }
        media={r.media.length ? <Media review={r} /> : null}
        reply={<ReplyEditor review={r} busy={busy} onSave={onReply} />}
      />
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
        <button type="button" className="kyb-btn kyb-btn--outline rm__delete" part="delete" aria-disabled={busy || undefined} onClick={() => !busy && onDelete()}>
          Delete{of}
        </button>
      </div>
    </li>
  );
}

/** The review's files at full size, each opening in a new tab (a moderator judges the file itself). */
function Media({ review: r }: { review: ModeratedReview }) {
  return (
    <ul className="rm__media" part="media" aria-label="Photos and videos">
      {r.media.map((m, i) => {
        const what = `${isVideo(m.file_type) ? 'Video' : 'Photo'} ${i + 1} of ${r.media.length}`;
        return (
          <li key={m.id}>
            {isVideo(m.file_type) ? (
              <video src={fileUrl(m.file_path)} controls preload="metadata" playsInline aria-label={`${what} from ${r.reviewer_name}'s review`} />
            ) : (
              <a href={fileUrl(m.file_path)} target="_blank" rel="noopener noreferrer" className="rm__thumb">
                <img src={fileUrl(m.file_path)} alt={`${what} from ${r.reviewer_name}'s review (opens in a new tab)`} width={96} height={96} loading="lazy" decoding="async" />
              </a>
            )}
          </li>
        );
      })}
    </ul>
  );
}
