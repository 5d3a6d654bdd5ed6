/**
 * kyb-product-filter (docs/catalog.md#products-page, #states): the products page's filter and sort over the catalog cards the
 * page prerenders inside the element (light DOM, any depth: elements with `data-category`).
 * - Filter (All Products, Loc Extensions, DIY Kit; default all) hides the other cards (`hidden`).
 * - Sort (Recommended, Newest, Price: Low to High, Price: High to Low; default recommended) reorders
 *   the cards' DOM nodes, so reading order and tab order follow what is seen. Cards without a price
 *   sort last in both price orders.
 * - "Showing N products" in a polite live region; the selection is kept in the address
 *   (`?filter=…&sort=…`, history.replaceState) so it survives a reload and can be shared.
 * Without JavaScript every card simply shows in page order.
 */
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { PRODUCT_FILTERS, PRODUCT_SORTS } from '../core/domain.ts';
import { hostOf } from '../core/define.ts';
import { compareCards, matchesFilter, parseSelection, readCard, reorderMoves, selectionSearch, showingText, type FilterValue, type Selection, type SortValue } from './order.ts';

export interface ProductFilterProps {
  container?: ShadowRoot;
}

const CARD = '[data-category]';

type MovableParent = Element & { moveBefore?: (node: Node, child: Node | null) => void };

/** Moves a node keeping its state where the browser can (moveBefore: focus, playing media, …). */
function move(parent: MovableParent, node: Element, before: Element) {
  if (typeof parent.moveBefore === 'function') {
    try {
      parent.moveBefore(node, before);
      return;
    } catch {
      /* fall back to a plain move */
    }
  }
  parent.insertBefore(node, before);
}

export function ProductFilter({ container }: ProductFilterProps) {
  const id = useId();
  const [sel, setSel] = useState<Selection>(() => parseSelection(location.search));
  const [count, setCount] = useState<number | null>(null);
  const [version, setVersion] = useState(0);
  const order = useRef(new WeakMap<Element, number>());
  const seen = useRef(0);
  const first = useRef(true);

  // Cards added after the upgrade (slot content replaced by the page) get filtered and sorted too.
  useEffect(() => {
    const slot = container?.querySelector('slot');
    if (!slot) return;
    const on = () => setVersion((n) => n + 1);
    slot.addEventListener('slotchange', on);
    return () => slot.removeEventListener('slotchange', on);
  }, [container]);

  // Layout effect: the prerendered grid is rearranged before the first paint after the upgrade.
  useLayoutEffect(() => {
    const host = hostOf(container);
    if (!host) return;
    const cards = [...host.querySelectorAll<HTMLElement>(CARD)];
    for (const c of cards) if (!order.current.has(c)) order.current.set(c, seen.current++);
    const data = new Map(cards.map((c) => [c, readCard(c.dataset, order.current.get(c) ?? 0)]));
    let shown = 0;
    for (const [c, d] of data) {
      const match = matchesFilter(d, sel.filter);
      if (c.hidden === match) c.hidden = !match;
      if (match) shown++;
    }
    const cmp = compareCards(sel.sort);
    const groups = new Map<Element, HTMLElement[]>();
    for (const c of cards) {
      const p = c.parentElement;
      if (!p) continue;
      groups.set(p, [...(groups.get(p) ?? []), c]);
    }
    for (const [parent, group] of groups) {
      const target = [...group].sort((a, b) => cmp(data.get(a)!, data.get(b)!));
      for (const [node, before] of reorderMoves(group, target)) move(parent, node, before);
    }
    setCount(shown);
    if (first.current) {
      first.current = false;
      return;
    }
    const search = selectionSearch(location.search, sel);
    if (search !== location.search) history.replaceState(history.state, '', `${location.pathname}${search}${location.hash}`);
  }, [sel, version, container]);

  return (
    <div className="filter" part="base">
      <div className="filter__controls" part="controls">
        <div className="filter__control">
          <label className="kyb-label" htmlFor={`${id}-filter`}>
            Filter by
          </label>
          <select
            id={`${id}-filter`}
            className="kyb-select"
            part="filter"
            value={sel.filter}
            onChange={(e) => {
              const filter = e.currentTarget.value as FilterValue;
              setSel((s) => ({ ...s, filter }));
            }}
          >
            {PRODUCT_FILTERS.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </select>
        </div>
        <div className="filter__control">
          <label className="kyb-label" htmlFor={`${id}-sort`}>
            Sort by
          </label>
          <select
            id={`${id}-sort`}
            className="kyb-select"
            part="sort"
            value={sel.sort}
            onChange={(e) => {
              const sort = e.currentTarget.value as SortValue;
              setSel((s) => ({ ...s, sort }));
            }}
          >
            {PRODUCT_SORTS.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
        <p className="filter__count" part="count" role="status" aria-live="polite">
          {count === null ? '' : showingText(count)}
        </p>
      </div>
      {count === 0 ? (
        <p className="filter__empty" part="empty">
          No products match this filter yet. Choose All Products to see the whole collection.
        </p>
      ) : null}
      <slot></slot>
    </div>
  );
}
