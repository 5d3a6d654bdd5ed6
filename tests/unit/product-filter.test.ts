import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SELECTION,
  compareCards,
  matchesFilter,
  parseSelection,
  readCard,
  reorderMoves,
  selectionSearch,
  showingText,
  type CardData,
} from '../../widgets/product-filter/order.ts';
import { PRODUCTS } from '../../shared/catalog.ts';
import { fromPrice } from '../../shared/pricing.ts';

const card = (id: string, d: { category?: string; price?: string; added?: string; rank?: string }, index: number) => ({ id, ...readCard(d, index) });

// Page order deliberately not the Recommended order; the kit has no price on its card.
const CARDS = [
  card('jah', { category: 'loc-extensions', price: '90', added: '2024-01-10', rank: '3' }, 0),
  card('kit', { category: 'diy-kit', price: '', added: '2025-02-01', rank: '4' }, 1),
  card('trinity', { category: 'loc-extensions', price: '70', added: '2024-03-01', rank: '1' }, 2),
  card('irie', { category: 'loc-extensions', price: '65', added: '2024-06-01', rank: '2' }, 3),
];
const sorted = (sort: Parameters<typeof compareCards>[0], cards = CARDS) => [...cards].sort(compareCards(sort)).map((c) => c.id);

describe('readCard', () => {
  it('reads numbers and dates, and treats empty or unreadable values as missing', () => {
    expect(readCard({ category: ' diy-kit ', price: '', added: 'not a date', rank: 'x' }, 7)).toEqual({
      category: 'diy-kit',
      price: null,
      added: null,
      rank: null,
      index: 7,
    });
    expect(readCard({ category: 'loc-extensions', price: '65.5', added: '2024-06-01', rank: '2' }, 0)).toEqual({
      category: 'loc-extensions',
      price: 65.5,
      added: Date.parse('2024-06-01'),
      rank: 2,
      index: 0,
    });
    expect(readCard({}, 1).price).toBeNull();
  });
});

describe('compareCards (docs/catalog.md#products-page: the sorts really sort)', () => {
  it('Recommended follows data-rank', () => expect(sorted('recommended')).toEqual(['trinity', 'irie', 'jah', 'kit']));
  it('Newest puts the latest first', () => expect(sorted('newest')).toEqual(['kit', 'irie', 'trinity', 'jah']));
  it('Price: Low to High, the unpriced card last', () => expect(sorted('price-asc')).toEqual(['irie', 'trinity', 'jah', 'kit']));
  it('Price: High to Low, the unpriced card still last', () => expect(sorted('price-desc')).toEqual(['jah', 'trinity', 'irie', 'kit']));
  it('ties fall back to the Recommended order, then to page order (stable)', () => {
    const same: CardData[] = [
      { category: 'a', price: 10, added: 1, rank: null, index: 0 },
      { category: 'a', price: 10, added: 1, rank: 2, index: 1 },
      { category: 'a', price: 10, added: 1, rank: 1, index: 2 },
      { category: 'a', price: 10, added: 1, rank: null, index: 3 },
    ];
    for (const s of ['recommended', 'newest', 'price-asc', 'price-desc'] as const) {
      expect(
        [...same].sort(compareCards(s)).map((c) => c.index),
        s,
      ).toEqual([2, 1, 0, 3]);
    }
  });
  it('missing dates sort last in Newest', () => {
    const xs: CardData[] = [
      { category: 'a', price: 1, added: null, rank: 1, index: 0 },
      { category: 'a', price: 1, added: 5, rank: 2, index: 1 },
    ];
    expect([...xs].sort(compareCards('newest')).map((c) => c.index)).toEqual([1, 0]);
  });
  it('orders the real catalog: Recommended by rank, prices ascending', () => {
    const real = PRODUCTS.filter((p) => p.listed).map((p, i) =>
      card(p.id, { category: p.category, price: p.showPrice ? String(fromPrice(p.id)) : '', added: p.addedAt, rank: String(p.rank) }, i),
    );
    const byRank = [...PRODUCTS]
      .filter((p) => p.listed)
      .sort((a, b) => a.rank - b.rank)
      .map((p) => p.id);
    expect(sorted('recommended', real)).toEqual(byRank);
    const prices = [...real].sort(compareCards('price-asc')).map((c) => c.price);
    const priced = prices.filter((p): p is number => p !== null);
    expect(priced).toEqual([...priced].sort((a, b) => a - b));
    expect(prices.slice(priced.length).every((p) => p === null)).toBe(true);
  });
});

describe('matchesFilter', () => {
  it('All Products matches everything; a category matches its own cards', () => {
    expect(CARDS.filter((c) => matchesFilter(c, 'all')).length).toBe(4);
    expect(CARDS.filter((c) => matchesFilter(c, 'diy-kit')).map((c) => c.id)).toEqual(['kit']);
    expect(CARDS.filter((c) => matchesFilter(c, 'loc-extensions')).map((c) => c.id)).toEqual(['jah', 'trinity', 'irie']);
  });
});

describe('selection in the address', () => {
  it('defaults to all / recommended (docs/catalog.md#states)', () => {
    expect(parseSelection('')).toEqual(DEFAULT_SELECTION);
    expect(DEFAULT_SELECTION).toEqual({ filter: 'all', sort: 'recommended' });
  });
  it('reads known values and ignores unknown ones', () => {
    expect(parseSelection('?filter=diy-kit&sort=price-desc')).toEqual({ filter: 'diy-kit', sort: 'price-desc' });
    expect(parseSelection('?filter=hats&sort=cheapest')).toEqual(DEFAULT_SELECTION);
  });
  it('writes only what differs from the defaults and keeps other parameters', () => {
    expect(selectionSearch('', DEFAULT_SELECTION)).toBe('');
    expect(selectionSearch('?utm=x&sort=newest', DEFAULT_SELECTION)).toBe('?utm=x');
    expect(selectionSearch('?utm=x', { filter: 'diy-kit', sort: 'newest' })).toBe('?utm=x&filter=diy-kit&sort=newest');
    expect(parseSelection(selectionSearch('', { filter: 'loc-extensions', sort: 'price-asc' }))).toEqual({ filter: 'loc-extensions', sort: 'price-asc' });
  });
});

describe('showingText', () => {
  it('counts in words', () => {
    expect(showingText(0)).toBe('Showing 0 products');
    expect(showingText(1)).toBe('Showing 1 product');
    expect(showingText(4)).toBe('Showing 4 products');
  });
});

describe('reorderMoves', () => {
  const apply = <T>(xs: T[], moves: Array<[T, T]>) => {
    const out = [...xs];
    for (const [node, before] of moves) {
      out.splice(out.indexOf(node), 1);
      out.splice(out.indexOf(before), 0, node);
    }
    return out;
  };
  it('does nothing when already in order (no card is disturbed)', () => {
    expect(reorderMoves(['a', 'b', 'c'], ['a', 'b', 'c'])).toEqual([]);
  });
  it('reaches the target order with insert-before moves', () => {
    const cases: Array<[string[], string[]]> = [
      [
        ['a', 'b', 'c', 'd'],
        ['d', 'c', 'b', 'a'],
      ],
      [
        ['jah', 'kit', 'trinity', 'irie'],
        ['trinity', 'irie', 'jah', 'kit'],
      ],
      [
        ['a', 'b', 'c', 'd'],
        ['a', 'c', 'b', 'd'],
      ],
      [
        ['a', 'b', 'c', 'd', 'e'],
        ['e', 'a', 'b', 'c', 'd'],
      ],
    ];
    for (const [from, to] of cases) expect(apply(from, reorderMoves(from, to))).toEqual(to);
  });
  it('moves only what must move', () => {
    expect(reorderMoves(['a', 'b', 'c', 'd', 'e'], ['e', 'a', 'b', 'c', 'd'])).toEqual([['e', 'a']]);
  });
});
