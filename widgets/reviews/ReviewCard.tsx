/**
 * One approved review: avatar, name, stars, title, text, date, verified mark, media thumbnails, reply.
 * The one drawing of a review card: kyb-reviews' list, and the prerendered product pages' reviews section
 * (site/components/review-cards.tsx renders it at build time, in PRERENDER_TIME_ZONE and without its media).
 */
import { type FeedMedia, type FeedReview, isVideo, ratingLabel } from './model/index.ts';
import { Byline, Reply, Stars, Verified, fileUrl } from './view/index.ts';

export interface LightboxItem {
  src: string;
  video: boolean;
  alt: string;
}

export function mediaItems(r: FeedReview, media: FeedMedia[] = r.media): LightboxItem[] {
  return media.map((m, i) => ({
    src: fileUrl(m.file_path),
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
  timeZone,
}: {
  review: FeedReview;
  onOpenMedia: (items: LightboxItem[], index: number, opener: HTMLElement) => void;
  onMediaError: (m: FeedMedia) => void;
  /** The visitor points at or focuses a thumbnail: fetch the lightbox's code before the click. */
  onWantMedia?: () => void;
  hiddenMedia: ReadonlySet<string>;
  /** The dates' zone: the visitor's own when left out (the element), PRERENDER_TIME_ZONE on a built page. */
  timeZone?: string;
}) {
  const media = review.media.filter((m) => !hiddenMedia.has(m.id));
  const items = mediaItems(review, media);
  const headingId = `rv-review-${review.id}`;
  return (
    <article className="rv-review" part="review" aria-labelledby={headingId}>
      <header className="rv-review__head">
        <Byline block="rv-review" name={review.reviewer_name} date={review.created_at} timeZone={timeZone}>
          {review.is_verified_purchase ? <Verified className="rv-verified" /> : null}
        </Byline>
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
      {review.reply ? <Reply reply={review.reply} timeZone={timeZone} /> : null}
    </article>
  );
}
