/** One approved review: avatar, name, stars, title, text, date, verified mark, media thumbnails, reply. */
import { Avatar } from './Avatar.tsx';
import { Reply } from './Reply.tsx';
import { Stars } from './Stars.tsx';
import { formatReviewDate, ratingLabel } from './rules.ts';
import { isVideo, mediaUrl, type FeedMedia, type FeedReview } from './data.ts';

export interface LightboxItem {
  src: string;
  video: boolean;
  alt: string;
}

export function mediaItems(r: FeedReview, media: FeedMedia[] = r.media): LightboxItem[] {
  return media.map((m, i) => ({
    src: mediaUrl(m.file_path),
    video: isVideo(m.file_type),
    alt: `${isVideo(m.file_type) ? 'Video' : 'Photo'} ${i + 1} of ${media.length} from ${r.reviewer_name}'s review`,
  }));
}

export function ReviewCard({
  review,
  onOpenMedia,
  onMediaError,
  onWantMedia,
  hiddenMedia,
}: {
  review: FeedReview;
  onOpenMedia: (items: LightboxItem[], index: number, opener: HTMLElement) => void;
  onMediaError: (m: FeedMedia) => void;
  /** The visitor points at or focuses a thumbnail: fetch the lightbox's code before the click. */
  onWantMedia?: () => void;
  hiddenMedia: ReadonlySet<string>;
}) {
  const media = review.media.filter((m) => !hiddenMedia.has(m.id));
  const items = mediaItems(review, media);
  const headingId = `rv-review-${review.id}`;
  return (
    <article className="rv-review" part="review" aria-labelledby={headingId}>
      <header className="rv-review__head">
        <Avatar name={review.reviewer_name} />
        <div className="rv-review__who">
          <span className="rv-review__name">{review.reviewer_name}</span>
          <span className="rv-review__meta">
            <time dateTime={review.created_at}>{formatReviewDate(review.created_at)}</time>
            {review.is_verified_purchase ? (
              <span className="rv-verified" part="verified">
                <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
                  <path d="M8 1.2l1.7 1.3 2.1-.1.6 2 1.8 1.2-.7 2 .7 2-1.8 1.2-.6 2-2.1-.1L8 14.8l-1.7-1.3-2.1.1-.6-2-1.8-1.2.7-2-.7-2 1.8-1.2.6-2 2.1.1z" />
                  <path d="M5.3 8.2l1.8 1.8 3.6-3.7" fill="none" stroke="#fff" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
                Verified Purchase
              </span>
            ) : null}
          </span>
        </div>
        <Stars value={review.rating} label={ratingLabel(review.rating)} size="sm" />
      </header>
      <h3 className="rv-review__title" id={headingId}>
        {review.title}
      </h3>
      <p className="rv-review__content">{review.content}</p>
      {items.length ? (
        <ul className="rv-review__media" aria-label="Photos and videos">
          {media.map((m, i) => (
            <li key={m.id}>
              <button
                type="button"
                className="rv-thumb"
                aria-label={`Open ${items[i].alt.charAt(0).toLowerCase()}${items[i].alt.slice(1)}`}
                onClick={(e) => onOpenMedia(items, i, e.currentTarget)}
                onPointerEnter={onWantMedia}
                onFocus={onWantMedia}
              >
                {items[i].video ? (
                  <>
                    <video src={`${items[i].src}#t=0.1`} preload="metadata" muted playsInline tabIndex={-1} aria-hidden="true" onError={() => onMediaError(m)} />
                    <span className="rv-thumb__play" aria-hidden="true" />
                  </>
                ) : (
                  <img src={items[i].src} alt="" width={80} height={80} loading="lazy" decoding="async" onError={() => onMediaError(m)} />
                )}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {review.reply ? <Reply reply={review.reply} /> : null}
    </article>
  );
}
