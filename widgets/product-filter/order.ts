/**
 * Filtering and sorting of the prerendered catalog cards (docs/catalog.md#products-page, #states): pure functions over the
 * cards' data-* attributes, unit-tested. The spec's page kept the sort choice but applied none;
 * here every sort orders the cards.
 *
 * Card attributes: data-category ("loc-extensions" | "diy-kit"), data-price (number, or empty when
 * the card shows no price), data-added (ISO date), data-rank (Recommended position, 1 = first).
 */
import { PRODUCT_FILTERS, PRODUCT_SORTS } from '../core/domain.ts';

export type FilterValue = (typeof PRODUCT_FILTERS)[number]['value'];
export type SortValue = (typeof PRODUCT_SORTS)[number]['value'];
export interface Selection {
  filter: FilterValue;
  sort: SortValue;
}

/** docs/catalog.md#states: filter defaults to all; sort defaults to recommended. */
export const DEFAULT_SELECTION: Selection = { filter: 'all', sort: 'recommended' };

export interface CardData {
  category: string;
  /** null: no price on the card (sorts last in both price orders). */
  price: number | null;
  /** Milliseconds since the epoch, or null when missing or unreadable. */
  added: number | null;
  rank: number | null;
  /** Position in the page as prerendered: the final tie-break, so sorting is stable. */
  index: number;
}

const num = (v: string | undefined | null): number | null => {
  if (v === undefined || v === null || v.trim() === '') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
};

/** Reads a card's attributes (an element's `dataset`). */
export function readCard(data: { category?: string; price?: string; added?: string; rank?: string }, index: number): CardData {
  const t = data.added ? Date.parse(data.added) : NaN;
  return { category: (data.category ?? '').trim(), price: num(data.price), added: Number.isFinite(t) ? t : null, rank: num(data.rank), index };
}

export function matchesFilter(card: Pick<CardData, 'category'>, filter: FilterValue): boolean {
  return filter === 'all' || card.category === filter;
}

/** Ascending with missing values last, whatever the direction of the main key. */
function nullsLast(a: number | null, b: number | null, dir: 1 | -1): number {
  if (a === null && b === null) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return (a - b) * dir;
}

const byRank = (a: CardData, b: CardData) => nullsLast(a.rank, b.rank, 1) || a.index - b.index;

/** The comparator of a sort: ties fall back to the Recommended order, then to page order. */
export function compareCards(sort: SortValue): (a: CardData, b: CardData) => number {
  switch (sort) {
    case 'newest':
      return (a, b) => nullsLast(a.added, b.added, -1) || byRank(a, b);
    case 'price-asc':
      return (a, b) => nullsLast(a.price, b.price, 1) || byRank(a, b);
    case 'price-desc':
      return (a, b) => nullsLast(a.price, b.price, -1) || byRank(a, b);
    default:
      return byRank;
  }
}

const isFilter = (v: string | null): v is FilterValue => PRODUCT_FILTERS.some((f) => f.value === v);
const isSort = (v: string | null): v is SortValue => PRODUCT_SORTS.some((s) => s.value === v);

/** The selection kept in the address (`?filter=…&sort=…`); unknown values fall back to the defaults. */
export function parseSelection(search: string): Selection {
  const q = new URLSearchParams(search);
  const f = q.get('filter');
  const s = q.get('sort');
  return { filter: isFilter(f) ? f : DEFAULT_SELECTION.filter, sort: isSort(s) ? s : DEFAULT_SELECTION.sort };
}

/** The address's query with the selection in it (defaults left out; other parameters kept). */
export function selectionSearch(search: string, sel: Selection): string {
  const q = new URLSearchParams(search);
  if (sel.filter === DEFAULT_SELECTION.filter) q.delete('filter');
  else q.set('filter', sel.filter);
  if (sel.sort === DEFAULT_SELECTION.sort) q.delete('sort');
  else q.set('sort', sel.sort);
  const s = q.toString();
  return s ? `?${s}` : '';
}

export function showingText(n: number): string {
  return `Showing ${n} ${n === 1 ? 'product' : 'products'}`;
}

/**
 * The moves that turn `current` into `target` (same items), as [item, beforeItem] pairs applied in
 * order; none when already ordered. Items already in place stay put, so a card holding live state
 * (an element mid-typing) is not moved without need.
 */
export function reorderMoves<T>(current: readonly T[], target: readonly T[]): Array<[T, T]> {
  const cur = [...current];
  const moves: Array<[T, T]> = [];
  for (let i = 0; i < target.length; i++) {
    if (cur[i] === target[i]) continue;
    const from = cur.indexOf(target[i]);
    moves.push([target[i], cur[i]]);
    cur.splice(from, 1);
    cur.splice(i, 0, target[i]);
  }
  return moves;
}
