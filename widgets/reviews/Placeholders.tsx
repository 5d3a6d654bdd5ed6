/**
 * What kyb-reviews shows where reviews will be: the loading skeletons of the summary and the list
 * (docs/reviews.md#states), and the empty state of a product without approved reviews.
 */
/** No approved review yet: the invitation to write the first one (a link above it instead, with `onWrite` null). */
export function EmptyState({ onWrite, onWant }: { onWrite: ((e: { currentTarget: HTMLButtonElement }) => void) | null; onWant: () => void }) {
  return (
    <div className="rv-empty" part="empty">
      <svg className="rv-empty__icon" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
        <path d="M8 10h32v22H20l-8 7v-7H8z" />
        <path d="M24 15.5l1.9 3.9 4.3.6-3.1 3 .7 4.3-3.8-2-3.8 2 .7-4.3-3.1-3 4.3-.6z" />
      </svg>
      <p className="rv-empty__title">No reviews yet</p>
      <p className="rv-empty__text">Be the first to share your experience with this product</p>
      {onWrite ? (
        <button type="button" className="kyb-btn" part="write-first-button" onClick={onWrite} onPointerEnter={onWant} onFocus={onWant}>
          Write the First Review
        </button>
      ) : null}
    </div>
  );
}

/** The summary's place while the first page loads. */
export function SummarySkeleton() {
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

export function ListSkeleton() {
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
