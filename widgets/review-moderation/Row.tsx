/**
 * One review in the moderation list: how visitors will see it (from the reviews module), its status
 * badge, its Verified Purchase mark (set by the database from the orders, never by hand), media opening in
 * a new tab, the reply editor, and Approve / Unapprove and Delete beside it.
 */
import { useId } from 'react';
import { reviewSubjectName } from '../core/domain.ts';
import { isVideo, ratingLabel } from '../reviews/model/index.ts';
import { Byline, Stars, Verified, fileUrl } from '../reviews/view/index.ts';
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
  const titleId = useId();
  const of = <span className="kyb-sr-only"> review “{r.title}”</span>;
  return (
    <li className="rm__item" data-id={r.id} data-approved={String(r.is_approved)}>
      <article className="rm__review" part="review" aria-labelledby={titleId} tabIndex={-1}>
        <header className="rm__head">
          <Byline block="rm" name={r.reviewer_name} date={r.created_at}>
            <span className="rm__product-name" data-slug={r.product_slug}>
              {reviewSubjectName(r.product_slug)}
            </span>
          </Byline>
          <span className={`rm__badge rm__badge--${r.is_approved ? 'approved' : 'pending'}`} part="badge">
            {r.is_approved ? 'Approved' : 'Pending'}
          </span>
        </header>
        <div className="rm__rating">
          <Stars value={r.rating} label={ratingLabel(r.rating)} size="sm" />
          {r.is_verified_purchase ? <Verified className="rm__verified" /> : null}
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
                    <video src={fileUrl(m.file_path)} controls preload="metadata" playsInline aria-label={`${what} from ${r.reviewer_name}'s review`} />
                  ) : (
                    <a href={fileUrl(m.file_path)} target="_blank" rel="noopener noreferrer" className="rm__thumb">
                      <img
                        src={fileUrl(m.file_path)}
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
        <button type="button" className="kyb-btn kyb-btn--outline rm__delete" part="delete" aria-disabled={busy || undefined} onClick={() => !busy && onDelete()}>
          Delete{of}
        </button>
      </div>
    </li>
  );
}
