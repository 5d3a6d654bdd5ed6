/** The list's filters (with photos/videos, the star filter set from the histogram) and its sort order. */
import { type FeedSummary, SORT_OPTIONS, type SortKey } from '../../ui/reviews/model/index.ts';
import { starCount } from '../../ui/reviews/view/star.ts';

export interface ToolbarProps {
  summary: FeedSummary;
  rating: number | null;
  onRating: (n: number | null) => void;
  withMedia: boolean;
  onWithMedia: (on: boolean) => void;
  sort: SortKey;
  onSort: (s: SortKey) => void;
}

export function Toolbar({ summary, rating, onRating, withMedia, onWithMedia, sort, onSort }: ToolbarProps) {
  return (
    <div className="rv-toolbar" part="filters">
      <div className="rv-toolbar__filters">
        <button type="button" className="rv-chip" aria-pressed={withMedia} disabled={!summary.with_media && !withMedia} onClick={() => onWithMedia(!withMedia)}>
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <rect x="3" y="5" width="18" height="14" rx="2" />
            <path d="M3 16l5-5 4 4 3-3 6 6" />
          </svg>
          With photos/videos
          <span className="rv-chip__count">{summary.with_media}</span>
        </button>
        {rating !== null ? (
          <button type="button" className="rv-chip" aria-pressed="true" onClick={() => onRating(null)}>
            {starCount(rating)}
            <span className="kyb-sr-only">, remove filter</span>
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M7 7l10 10M17 7L7 17" />
            </svg>
          </button>
        ) : null}
      </div>
      <label className="rv-sort">
        <span>Sort by</span>
        <select className="kyb-select rv-sort__select" value={sort} onChange={(e) => onSort((e.target as HTMLSelectElement).value as SortKey)}>
          {SORT_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
