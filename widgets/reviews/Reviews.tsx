/**
 * kyb-reviews: approved reviews of one product with summary, histogram filter, sort, pagination,
 * media lightbox, and the review form for signed-in users (doc 1 §2.8, §2.9, §4, §5, §8).
 *
 * Public read path: one `review_feed` GET per page through the anonymous PostgREST client; the
 * supabase-js client (auth) is only loaded when a session is stored or the visitor acts.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { DEFAULT_REVIEW_SLUG } from '../../supabase/functions/_shared/rules.ts';
import { useAuth, ensureAuth, getAuthState, subscribeAuth, type User } from '../core/auth.ts';
import { hostOf } from '../core/define.ts';
import { emit } from '../core/events.ts';
import { useToasts } from '../core/toast.tsx';
import { Summary } from './Summary.tsx';
import { ReviewCard, type LightboxItem } from './ReviewCard.tsx';
import { ReviewForm } from './ReviewForm.tsx';
import { Lightbox } from './Lightbox.tsx';
import { EMPTY_FEED, PAGE_SIZE, SORT_OPTIONS, loadFeed, type FeedMedia, type FeedReview, type FeedSummary, type SortKey } from './data.ts';
import { REVIEW_FIELD_MSG } from './messages.ts';
import { MESSAGES } from '../core/messages.ts';

export interface ReviewsProps {
  /** Product slug whose reviews are shown (attribute `slug`; default handmade-locs, doc 1 §9). */
  slug?: string;
  /** The shadow root, set by r2wc. */
  container?: ShadowRoot;
}

interface ListState {
  summary: FeedSummary | null;
  reviews: FeedReview[];
  total: number;
  /** First page in flight (skeleton); false once it answered or failed. */
  loading: boolean;
  loadingMore: boolean;
}

const INITIAL: ListState = { summary: null, reviews: [], total: 0, loading: true, loadingMore: false };

export function Reviews({ slug: slugProp, container }: ReviewsProps) {
  const slug = slugProp?.trim() || DEFAULT_REVIEW_SLUG;
  const { user, initializing } = useAuth();
  const { toast, toasts } = useToasts();
  const [sort, setSort] = useState<SortKey>('newest');
  const [rating, setRating] = useState<number | null>(null);
  const [withMedia, setWithMedia] = useState(false);
  const [list, setList] = useState<ListState>(INITIAL);
  const [formOpen, setFormOpen] = useState(false);
  const [submittedNote, setSubmittedNote] = useState(false);
  const [lightbox, setLightbox] = useState<{ items: LightboxItem[]; index: number; opener: HTMLElement | null } | null>(null);
  const [brokenMedia, setBrokenMedia] = useState<ReadonlySet<string>>(() => new Set());
  const request = useRef(0);
  const writeButton = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  // Focus goes back to the control that opened the form (after the render that closes it).
  const refocus = () =>
    setTimeout(() => {
      const el = opener.current?.isConnected ? opener.current : writeButton.current;
      el?.focus();
    }, 0);
  const formId = `rv-form-${slug}`;

  const fetchPage = useCallback(
    /** `quiet`: keep the current list on screen while it reloads (after a submit: nothing moves). */
    async (offset: number, quiet = false) => {
      const id = ++request.current;
      if (!quiet) setList((s) => (offset === 0 ? { ...s, loading: true, reviews: [], total: 0 } : { ...s, loadingMore: true }));
      try {
        const feed = await loadFeed({ slug, sort, rating, withMedia, offset, limit: PAGE_SIZE });
        if (id !== request.current) return;
        setList((s) => ({
          summary: feed.summary,
          reviews: offset === 0 ? feed.reviews : [...s.reviews, ...feed.reviews.filter((r) => !s.reviews.some((x) => x.id === r.id))],
          total: feed.total,
          loading: false,
          loadingMore: false,
        }));
      } catch (e) {
        if (id !== request.current) return;
        // Doc 1 §8: a failed list load is logged and the list stays empty.
        console.error('[kyb-reviews] could not load reviews', e);
        setList((s) =>
          offset === 0 && !quiet
            ? { summary: s.summary ?? EMPTY_FEED.summary, reviews: [], total: 0, loading: false, loadingMore: false }
            : { ...s, loadingMore: false },
        );
      }
    },
    [slug, sort, rating, withMedia],
  );

  useEffect(() => {
    void fetchPage(0);
  }, [fetchPage]);

  // Signed out while the form was open (here or in another tab): the form has no one to submit as.
  useEffect(() => {
    if (!initializing && !user) setFormOpen(false);
  }, [initializing, user]);

  const closeForm = () => {
    setFormOpen(false);
    refocus();
  };

  async function startReview(from: HTMLElement) {
    opener.current = from;
    let u = user;
    if (!u && initializing) u = await settledUser();
    if (!u) {
      toast(MESSAGES.reviewAuthRequired);
      // Ask the page's sign-in control (kyb-auth-button) to open its dialog: no dead end for the visitor.
      emit(hostOf(container), 'kyb-request-sign-in', { tab: 'sign-in' });
      return;
    }
    setSubmittedNote(false);
    setFormOpen(true);
  }

  function onSubmitted(reviewId: string, files: number) {
    setFormOpen(false);
    setSubmittedNote(true);
    emit(hostOf(container), 'kyb-review-submitted', { slug, reviewId, files });
    void fetchPage(0, true);
    refocus();
  }

  const onMediaError = useCallback((m: FeedMedia) => {
    // Doc 1 §8: a media failure is logged only; the thumbnail is dropped.
    console.error('[kyb-reviews] could not load review media', m.file_path);
    setBrokenMedia((s) => new Set(s).add(m.id));
  }, []);

  const summary = list.summary;
  const hasAny = !!summary && summary.count > 0;
  const filtered = rating !== null || withMedia;
  const showEmpty = !list.loading && !hasAny;

  return (
    <section className="rv" aria-labelledby="rv-heading" data-state={list.loading ? 'loading' : 'ready'}>
      <div className="rv__top">
        <h2 className="rv__heading" id="rv-heading" part="heading">
          Customer Reviews
        </h2>
        {user ? (
          <button
            ref={writeButton}
            type="button"
            className={`kyb-btn${formOpen ? ' kyb-btn--outline' : ''}`}
            part="write-button"
            aria-expanded={formOpen}
            aria-controls={formOpen ? formId : undefined}
            onClick={(e) => (formOpen ? closeForm() : void startReview(e.currentTarget))}
          >
            <svg className="rv-btn-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M4 20h4l10.5-10.5a2.1 2.1 0 0 0-4-4L4 16z" />
            </svg>
            Write Review
          </button>
        ) : null}
      </div>

      {submittedNote ? (
        <div className="rv-note" role="status" part="pending-note">
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <circle cx="12" cy="12" r="9" />
            <path d="M12 7v5l3 2" />
          </svg>
          <span>{REVIEW_FIELD_MSG.pendingApproval}</span>
          <button type="button" className="rv-icon-btn rv-note__close" aria-label="Dismiss" onClick={() => setSubmittedNote(false)}>
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </div>
      ) : null}

      {formOpen && user ? (
        <div id={formId}>
          <ReviewForm slug={slug} user={user} toast={toast} onSubmitted={onSubmitted} onCancel={closeForm} />
        </div>
      ) : null}

      {list.loading && !summary ? (
        <SummarySkeleton />
      ) : hasAny ? (
        <Summary summary={summary} rating={rating} onRating={setRating} />
      ) : null}

      {showEmpty && !formOpen ? (
        <div className="rv-empty" part="empty">
          <svg className="rv-empty__icon" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
            <path d="M8 10h32v22H20l-8 7v-7H8z" />
            <path d="M24 15.5l1.9 3.9 4.3.6-3.1 3 .7 4.3-3.8-2-3.8 2 .7-4.3-3.1-3 4.3-.6z" />
          </svg>
          <p className="rv-empty__title">No reviews yet</p>
          <p className="rv-empty__text">Be the first to share your experience with this product</p>
          <button type="button" className="kyb-btn" part="write-first-button" onClick={(e) => void startReview(e.currentTarget)}>
            Write the First Review
          </button>
        </div>
      ) : null}

      {hasAny ? (
        <div className="rv-toolbar" part="filters">
          <div className="rv-toolbar__filters">
            <button
              type="button"
              className="rv-chip"
              aria-pressed={withMedia}
              disabled={!summary.with_media && !withMedia}
              onClick={() => setWithMedia((v) => !v)}
            >
              <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <rect x="3" y="5" width="18" height="14" rx="2" />
                <path d="M3 16l5-5 4 4 3-3 6 6" />
              </svg>
              With photos/videos
              <span className="rv-chip__count">{summary.with_media}</span>
            </button>
            {rating !== null ? (
              <button type="button" className="rv-chip" aria-pressed="true" onClick={() => setRating(null)}>
                {rating === 1 ? '1 star' : `${rating} stars`}
                <span className="kyb-sr-only">, remove filter</span>
                <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                  <path d="M7 7l10 10M17 7L7 17" />
                </svg>
              </button>
            ) : null}
          </div>
          <label className="rv-sort">
            <span>Sort by</span>
            <select className="kyb-select rv-sort__select" value={sort} onChange={(e) => setSort((e.target as HTMLSelectElement).value as SortKey)}>
              {SORT_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </label>
        </div>
      ) : null}

      {hasAny ? (
        <p className="rv-count" aria-live="polite">
          {list.loading ? '' : filtered ? `${list.total} matching ${list.total === 1 ? 'review' : 'reviews'}` : ''}
        </p>
      ) : null}

      <div className="rv-list" part="list" aria-busy={list.loading || list.loadingMore}>
        {list.loading ? (
          <ListSkeleton />
        ) : (
          list.reviews.map((r) => (
            <ReviewCard
              key={r.id}
              review={r}
              hiddenMedia={brokenMedia}
              onMediaError={onMediaError}
              onOpenMedia={(items, index, opener) => setLightbox({ items, index, opener })}
            />
          ))
        )}
        {!list.loading && hasAny && filtered && list.reviews.length === 0 ? (
          <div className="rv-nomatch">
            <p>No reviews match these filters.</p>
            <button
              type="button"
              className="kyb-btn kyb-btn--outline"
              onClick={() => {
                setRating(null);
                setWithMedia(false);
              }}
            >
              Show all reviews
            </button>
          </div>
        ) : null}
      </div>

      {!list.loading && list.reviews.length < list.total ? (
        <div className="rv-more">
          <button
            type="button"
            className="kyb-btn kyb-btn--outline"
            part="load-more"
            disabled={list.loadingMore}
            onClick={() => void fetchPage(list.reviews.length)}
          >
            {list.loadingMore ? 'Loading...' : 'Load more reviews'}
          </button>
          <span className="rv-more__progress">
            {`Showing ${list.reviews.length} of ${list.total}`}
          </span>
        </div>
      ) : null}

      {lightbox ? (
        <Lightbox
          items={lightbox.items}
          index={lightbox.index}
          opener={lightbox.opener}
          onIndex={(index) => setLightbox((l) => (l ? { ...l, index } : l))}
          onClose={() => setLightbox(null)}
        />
      ) : null}
      {toasts}
    </section>
  );
}

function SummarySkeleton() {
  return (
    <div className="rv-summary rv-skeleton" part="skeleton" aria-hidden="true">
      <div className="rv-summary__score">
        <span className="rv-sk rv-sk--big" />
        <span className="rv-sk rv-sk--line" />
        <span className="rv-sk rv-sk--short" />
      </div>
      <div className="rv-histogram">
        {[0, 1, 2, 3, 4].map((i) => (
          <span key={i} className="rv-sk rv-sk--bar" />
        ))}
      </div>
    </div>
  );
}

function ListSkeleton() {
  return (
    <div className="rv-skeleton" part="skeleton" role="status" aria-label="Loading reviews">
      {[0, 1, 2].map((i) => (
        <div key={i} className="rv-review rv-review--skeleton" aria-hidden="true">
          <div className="rv-review__head">
            <span className="rv-sk rv-sk--avatar" />
            <div className="rv-review__who">
              <span className="rv-sk rv-sk--short" />
              <span className="rv-sk rv-sk--tiny" />
            </div>
          </div>
          <span className="rv-sk rv-sk--line" />
          <span className="rv-sk rv-sk--para" />
        </div>
      ))}
    </div>
  );
}

/** The user once the first session lookup is done (a click may come before it). */
async function settledUser(): Promise<User | null> {
  try {
    await ensureAuth();
  } catch {
    return null; // logged by core
  }
  if (!getAuthState().initializing) return getAuthState().user;
  return new Promise((resolve) => {
    const off = subscribeAuth(() => {
      if (getAuthState().initializing) return;
      off();
      resolve(getAuthState().user);
    });
  });
}
