/**
 * One review: avatar, name, date, verified mark, stars, title, text, media, reply. The one drawing of a
 * review card, wherever a review is shown: kyb-reviews' list (thumbnails that open its lightbox), the
 * prerendered product pages' reviews section (site/components/review-cards.tsx, in PRERENDER_TIME_ZONE
 * and without media) and kyb-review-moderation's rows (inside its own chrome: the product and status
 * badge in the slots `meta` and `badge`, its media links in `media`, the reply editor in `reply`).
 *
 * `block` is the class prefix of the card's parts (`rv-review` in kyb-reviews and the built pages, whose
 * stylesheets lay it out; `rm-review` in moderation), as with Byline.
 */
import type { ReactNode } from 'react';
import { type FeedMedia, type FeedReview, isVideo, ratingLabel } from './model/index.ts';
import { Byline, Reply, Stars, Verified } from './view/index.ts';

export interface LightboxItem {
  src: string;
  video: boolean;
  alt: string;
}

/** The review's files as the lightbox shows them; `fileUrl` addresses a file on the page's backend. */
export function mediaItems(r: Pick<FeedReview, 'reviewer_name'>, media: readonly FeedMedia[], fileUrl: (path: string) => string): LightboxItem[] {
  return media.map((m, i) => ({
    src: fileUrl(m.file_path),
    video: isVideo(m.file_type),
    alt: `${isVideo(m.file_type) ? 'Video' : 'Photo'} ${i + 1} of ${media.length} from ${r.reviewer_name}'s review`,
  }));
}

/** kyb-reviews' thumbnails, each opening its lightbox. */
export interface LightboxMedia {
  fileUrl: (path: string) => string;
  onOpen: (items: LightboxItem[], index: number, opener: HTMLElement) => void;
  onError: (m: FeedMedia) => void;
  /** The visitor points at or focuses a thumbnail: fetch the lightbox's code before the click. */
  onWant?: () => void;
  /** Files that failed to load, left out. */
  hidden: ReadonlySet<string>;
}

export function ReviewCard({
  review,
  block = 'rv-review',
  timeZone,
  lightbox,
  media,
  meta,
  badge,
  reply,
  focusable,
}: {
  review: FeedReview;
  block?: string;
  /** The dates' zone: the visitor's own when left out (the elements), PRERENDER_TIME_ZONE on a built page. */
  timeZone?: string;
  /** The review's files as thumbnails opening a lightbox (kyb-reviews); without it and `media`, none. */
  lightbox?: LightboxMedia;
  /** The caller's own drawing of the files, in their place (moderation). */
  media?: ReactNode;
  /** After the date and the verified mark (moderation: the product). */
  meta?: ReactNode;
  /** At the end of the card's head (moderation: the status badge). */
  badge?: ReactNode;
  /** In the reply's place (moderation: the reply with its editor); default: the brand's reply, if any. */
  reply?: ReactNode;
  /** The card takes focus from script (moderation moves focus to it after an action). */
  focusable?: boolean;
}) {
  const headingId = `${block}-${review.id}`;
  return (
    <article className={block} part="review" aria-labelledby={headingId} tabIndex={focusable ? -1 : undefined}>
      <header className={`${block}__head`}>
        <Byline block={block} name={review.reviewer_name} date={review.created_at} timeZone={timeZone}>
          {review.is_verified_purchase ? <Verified className="rv-verified" /> : null}
          {meta}
        </Byline>
        <Stars value={review.rating} label={ratingLabel(review.rating)} size="sm" />
        {badge}
      </header>
      <h3 className={`${block}__title`} id={headingId}>
        {review.title}
      </h3>
      <p className={`${block}__content`}>{review.content}</p>
      {media ?? (lightbox ? thumbnails(review, block, lightbox) : null)}
      {reply !== undefined ? reply : review.reply ? <Reply reply={review.reply} timeZone={timeZone} /> : null}
    </article>
  );
}

/** kyb-reviews' thumbnails (a function, not a component: one element fewer to mount per card). */
function thumbnails(review: FeedReview, block: string, l: LightboxMedia) {
  const media = review.media.filter((m) => !l.hidden.has(m.id));
  if (!media.length) return null;
  const items = mediaItems(review, media, l.fileUrl);
  return (
    <ul className={`${block}__media`} aria-label="Photos and videos">
      {media.map((m, i) => (
        <li key={m.id}>
          <button
            type="button"
            className="rv-thumb"
            aria-label={`Open ${items[i].alt.charAt(0).toLowerCase()}${items[i].alt.slice(1)}`}
            onClick={(e) => l.onOpen(items, i, e.currentTarget)}
            onPointerEnter={l.onWant}
            onFocus={l.onWant}
          >
            {items[i].video ? (
              <>
                <video src={`${items[i].src}#t=0.1`} preload="metadata" muted playsInline tabIndex={-1} aria-hidden="true" onError={() => l.onError(m)} />
                <span className="rv-thumb__play" aria-hidden="true" />
              </>
            ) : (
              <img src={items[i].src} alt="" width={80} height={80} loading="lazy" decoding="async" onError={() => l.onError(m)} />
            )}
          </button>
        </li>
      ))}
    </ul>
  );
}
