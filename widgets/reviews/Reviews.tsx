/**
 * kyb-reviews: approved reviews of one product with summary, histogram filter, sort, pagination,
 * media lightbox, and the review form for signed-in users (docs/reviews.md#reviews-section, #review-form, #states, #validation, #messages).
 *
 * What a visitor first sees (heading, summary, filters, sort, cards, Load more, skeleton, empty state)
 * is in this chunk. Everything needed only after an action is imported when it is needed, and
 * fetched early on hover or focus of the control that needs it:
 *  - the form with its file checks and submit path (ReviewForm.tsx, form.css): a signed-in visitor
 *    presses Write Review / Write the First Review;
 *  - the lightbox (Lightbox.tsx, lightbox.css): a medium is opened;
 *  - the toast region and the spec's messages (Toasts.tsx): something is to be announced;
 *  - the page's auth store, and through it supabase-js (Session.tsx): only when a session may exist,
 *    the store already runs on the page, a sign-in happens, or the visitor acts while a session
 *    lookup may be pending. The list only needs to know whether to offer Write Review.
 * Public read path: one `review_feed` GET per page over plain fetch.
 *
 * `write="link"` (embeds, issue #22), or a page where browser storage throws (a sandboxed frame without
 * allow-same-origin, blocked third-party storage), where no session can be kept: no sign-in and no form,
 * but a "Write a review" link to the product's page on the site, in a new tab (docs/reviews.md#embedded).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { DEFAULT_REVIEW_SLUG } from '../core/domain.ts';
import { hostOf } from '../core/define.ts';
import { shouldLoadAuth, storageWorks } from '../core/public.ts';
import type { ToastMessage } from '../core/toast.tsx';
import { EmptyState, ListSkeleton, SummarySkeleton } from './Placeholders.tsx';
import { Summary } from './Summary.tsx';
import { Toolbar } from './Toolbar.tsx';
import { ReviewCard, type LightboxItem } from '../../ui/reviews/ReviewCard.tsx';
import { fileUrl } from '../core/review-file-url.ts';
import { EMPTY_FEED, type FeedMedia, type FeedReview, type FeedSummary, PAGE_SIZE, REVIEW_BUCKET, type SortKey } from '../../ui/reviews/model/index.ts';
import { readFeed } from './read.ts';
import { adoptStyles, lazyModule } from './lazy.ts';
import type { Reviewer } from './Session.tsx';
import type { ToastBox } from './Toasts.tsx';
import { SignInToWrite, useWriteAfterSignIn } from './SignInToWrite.tsx';

/** Code needed only after an action, imported on first need (and early on hover or focus). */
const CODE = {
  form: lazyModule(() => import('./ReviewForm.tsx')),
  lightbox: lazyModule(() => import('./Lightbox.tsx')),
  toasts: lazyModule(() => import('./Toasts.tsx')),
  session: lazyModule(() => import('./Session.tsx')),
  writeLink: lazyModule(() => import('./WriteLink.tsx')),
};
type Code = { [K in keyof typeof CODE]?: Awaited<ReturnType<(typeof CODE)[K]>> };

/** Hover or focus fetches code ahead of the click; a failure shows (and is logged) on the click. */
const quietly = (p: Promise<unknown>) => void p.catch(() => {});
const failed = (what: string) => (e: unknown) => console.error(`[kyb-reviews] could not load ${what}`, e);

export interface ReviewsProps {
  /** Product slug whose reviews are shown (attribute `slug`; default handmade-locs, docs/limits.md). */
  slug?: string;
  /** `link`: a "Write a review" link to the product's page instead of the form and sign-in. */
  write?: string;
  /** The shadow root, set by r2wc. */
  container?: ShadowRoot;
}

interface ListState {
  summary: FeedSummary | null;
  reviews: FeedReview[];
  total: number;
  /** The feed's cursor after the last review shown; null when none follows. */
  next: string | null;
  /** First page in flight (skeleton); false once it answered or failed. */
  loading: boolean;
  loadingMore: boolean;
}

const INITIAL: ListState = { summary: null, reviews: [], total: 0, next: null, loading: true, loadingMore: false };

export function Reviews({ slug: slugProp, write, container }: ReviewsProps) {
  const slug = slugProp?.trim() || DEFAULT_REVIEW_SLUG;
  // Decided once: whether a session can exist here does not change while the page is open.
  const [linkOnly] = useState(() => write === 'link' || !storageWorks());
  // Signed out unless a session may exist; the auth store is followed once there is reason to.
  const [{ user, initializing }, setReviewer] = useState<Reviewer>(() => ({ user: null, initializing: !linkOnly && shouldLoadAuth() }));
  const [code, setCode] = useState<Code>({});
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

  const want = useCallback(
    <K extends keyof Code>(key: K) =>
      CODE[key]().then((m) => {
        if ('css' in m) adoptStyles(container, m.css);
        setCode((c) => (c[key] ? c : { ...c, [key]: m }));
        return m as NonNullable<Code[K]>;
      }),
    [container],
  );
  // Toasts wait here until the region (loaded on first need) is on screen and takes them.
  const toasts = useRef<ToastBox>({ queue: [] }).current;
  const toast = useCallback(
    (t: ToastMessage) => {
      if (toasts.send) return toasts.send(t);
      toasts.queue.push(t);
      want('toasts').catch(failed('the notifications'));
    },
    [toasts, want],
  );
  const followAuth = useCallback(
    () =>
      want('session').catch((e) => {
        failed('the auth store')(e);
        setReviewer({ user: null, initializing: false });
        throw e;
      }),
    [want],
  );
  // The form announces what happens to the review: its region comes with it.
  const preloadForm = () => {
    quietly(want('form'));
    quietly(want('toasts'));
  };
  const preloadLightbox = useCallback(() => quietly(want('lightbox')), [want]);

  const fetchPage = useCallback(
    /**
     * `after`: the cursor of the page to append, null for the first page. `quiet`: keep the current
     * list on screen while it reloads (after a submit: nothing moves).
     */
    async (after: string | null, quiet = false) => {
      const id = ++request.current;
      if (!quiet) setList((s) => (after === null ? { ...s, loading: true, reviews: [], total: 0, next: null } : { ...s, loadingMore: true }));
      try {
        const feed = await readFeed({ slug, sort, rating, withMedia, after, limit: PAGE_SIZE });
        if (id !== request.current) return;
        setList((s) => ({
          summary: feed.summary,
          reviews: after === null ? feed.reviews : [...s.reviews, ...feed.reviews.filter((r) => !s.reviews.some((x) => x.id === r.id))],
          total: feed.total,
          next: feed.next_cursor,
          loading: false,
          loadingMore: false,
        }));
      } catch (e) {
        if (id !== request.current) return;
        // docs/errors.md: a failed list load is logged and the list stays empty.
        console.error('[kyb-reviews] could not load reviews', e);
        setList((s) =>
          after === null && !quiet
            ? { summary: s.summary ?? EMPTY_FEED.summary, reviews: [], total: 0, next: null, loading: false, loadingMore: false }
            : { ...s, loadingMore: false },
        );
      }
    },
    [slug, sort, rating, withMedia],
  );

  useEffect(() => {
    void fetchPage(null);
  }, [fetchPage]);

  useEffect(() => {
    if (linkOnly) return void want('writeLink').catch(failed('the link'));
    const follow = () => quietly(followAuth());
    // A session may exist, or another element (kyb-auth-button) already runs the store on this page.
    if (shouldLoadAuth() || document.documentElement.dataset.kybAuth) follow();
    // Signed in elsewhere on the page, or in another tab.
    const fromOtherTab = () => shouldLoadAuth() && follow();
    document.addEventListener('kyb-auth-change', follow);
    window.addEventListener('storage', fromOtherTab);
    return () => {
      document.removeEventListener('kyb-auth-change', follow);
      window.removeEventListener('storage', fromOtherTab);
    };
  }, [followAuth, linkOnly, want]);

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
    if (!u && initializing)
      u = await followAuth().then(
        (m) => m.settledUser(),
        () => null,
      );
    if (!u) {
      want('toasts').then((m) => toast(m.MESSAGES.reviewAuthRequired), failed('the notifications'));
      // Ask the page's sign-in control (kyb-auth-button) for its dialog; the form follows the sign-in.
      writeAfterSignIn.ask(from);
      return;
    }
    quietly(want('toasts'));
    try {
      await want('form');
    } catch (e) {
      // Nothing is lost: the next press tries the download again.
      return failed('the review form')(e);
    }
    setSubmittedNote(false);
    setFormOpen(true);
  }

  // Sign in first, then the form (issue #23): "Sign in to write a review", and Write the First Review
  // pressed by a visitor who is not signed in.
  const writeAfterSignIn = useWriteAfterSignIn(
    user,
    (from) => void startReview(from),
    () => want('toasts').then((m) => m.emit(hostOf(container), 'kyb-request-sign-in', { tab: 'sign-in' }), failed('the sign-in request')),
  );

  // A review request's link (`?review=write#reviews`, write-request.ts) opens the form; a visitor who is
  // not signed in is asked to sign in first (startReview → writeAfterSignIn), and the form opens once they
  // have, so the request is acted on once.
  const writeRequested = useRef(/[?&]review=write(&|$)/.test(location.search));
  useEffect(() => {
    if (!writeRequested.current || initializing) return;
    writeRequested.current = false;
    void startReview(writeButton.current ?? (hostOf(container) as HTMLElement));
  }, [initializing, user]);

  function onSubmitted(reviewId: string, files: number) {
    setFormOpen(false);
    setSubmittedNote(true);
    code.form?.emit(hostOf(container), 'kyb-review-submitted', { slug, reviewId, files });
    void fetchPage(null, true);
    refocus();
  }

  const onMediaError = useCallback((m: FeedMedia) => {
    // docs/errors.md: a media failure is logged only; the thumbnail is dropped.
    console.error('[kyb-reviews] could not load review media', m.file_path);
    setBrokenMedia((s) => new Set(s).add(m.id));
  }, []);

  // Write the First Review: the form for a (possibly) signed-in visitor, else the region for the notice.
  const preloadFirst = () => (user || initializing ? preloadForm() : quietly(want('toasts')));

  function openMedia(items: LightboxItem[], index: number, from: HTMLElement) {
    setLightbox({ items, index, opener: from });
    want('lightbox').catch((e) => {
      failed('the lightbox')(e);
      setLightbox(null);
    });
  }

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
            onPointerEnter={preloadForm}
            onFocus={preloadForm}
          >
            <svg className="rv-btn-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M4 20h4l10.5-10.5a2.1 2.1 0 0 0-4-4L4 16z" />
            </svg>
            Write Review
          </button>
        ) : code.writeLink ? (
          <code.writeLink.WriteLink slug={slug} />
        ) : !initializing && !showEmpty ? (
          <SignInToWrite onPress={(e) => writeAfterSignIn.ask(e.currentTarget)} onWant={() => quietly(want('toasts'))} />
        ) : null}
      </div>

      {submittedNote && code.form ? <code.form.PendingNote onDismiss={() => setSubmittedNote(false)} /> : null}

      {formOpen && user && code.form ? (
        <div id={formId}>
          <code.form.ReviewForm slug={slug} bucket={REVIEW_BUCKET} user={user} toast={toast} onSubmitted={onSubmitted} onCancel={closeForm} />
        </div>
      ) : null}

      {list.loading && !summary ? <SummarySkeleton /> : hasAny ? <Summary summary={summary} rating={rating} onRating={setRating} /> : null}

      {showEmpty && !formOpen ? <EmptyState onWrite={linkOnly ? null : (e) => void startReview(e.currentTarget)} onWant={preloadFirst} /> : null}

      {hasAny ? <Toolbar summary={summary} rating={rating} onRating={setRating} withMedia={withMedia} onWithMedia={setWithMedia} sort={sort} onSort={setSort} /> : null}

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
            <ReviewCard key={r.id} review={r} lightbox={{ fileUrl, onOpen: openMedia, onError: onMediaError, onWant: preloadLightbox, hidden: brokenMedia }} />
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

      {!list.loading && list.next ? (
        <div className="rv-more">
          <button type="button" className="kyb-btn kyb-btn--outline" part="load-more" disabled={list.loadingMore} onClick={() => void fetchPage(list.next)}>
            {list.loadingMore ? 'Loading...' : 'Load more reviews'}
          </button>
          <span className="rv-more__progress">{`Showing ${list.reviews.length} of ${list.total}`}</span>
        </div>
      ) : null}

      {lightbox && code.lightbox ? (
        <code.lightbox.Lightbox
          items={lightbox.items}
          index={lightbox.index}
          opener={lightbox.opener}
          onIndex={(index) => setLightbox((l) => (l ? { ...l, index } : l))}
          onClose={() => setLightbox(null)}
        />
      ) : null}
      {code.toasts ? <code.toasts.ReviewToasts box={toasts} /> : null}
      {code.session ? <code.session.FollowAuth onChange={setReviewer} /> : null}
    </section>
  );
}
