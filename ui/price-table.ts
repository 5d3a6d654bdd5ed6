/**
 * The products' price tables, written once for both places that show them: the prerendered product
 * pages (site/pages/product/, Preact rendered to a string at build time) and kyb-loc-configurator (React
 * API through r2wc, on preact/compat or React). The two runtimes make elements with different functions,
 * so the caller passes its own `createElement` (`h`); the rows come from shared/pricing.ts, the classes
 * from the caller's stylesheet. Pure: no DOM, no JSX runtime of its own (site/README.md, widgets/README.md).
 */
import { DIY_KITS, IRIE_LENGTHS, LENGTH_BANDS, LOCS_PER_BUNDLE, SIZES, TRINITY_LENGTHS, type ProductId, productById } from '../shared/catalog.ts';
import { formatUSD, priceDiyKit, priceIrie, priceJah, priceTrinity } from '../shared/pricing.ts';

/** `createElement` of React or Preact: (type, props, ...children). */
// biome-ignore lint/suspicious/noExplicitAny: each runtime types its children its own way; both accept strings and their own nodes
export type H<N> = (type: string, props: Record<string, unknown> | null, ...children: any[]) => N;

/** What the table shows: its caption, the column heads (with a muted note) and one row per option. */
export interface PriceTableData {
  caption: string;
  corner: string;
  columns: readonly { label: string; note?: string }[];
  rows: readonly { label: string; cells: readonly string[] }[];
}

/**
 * The caller's classes; the `part` the element exposes its table as; `region`: the wrapper is a
 * focusable region named by the caption, so keyboard users can scroll a table wider than a phone (the
 * pages). The element leaves it out: a page may hide its table (`::part(table)`, the Jah Locs page,
 * which shows its own), and an empty region would still take a Tab stop.
 */
export interface PriceTableLook {
  wrap: string;
  table: string;
  muted: string;
  part?: string;
  region?: boolean;
}

/** The caption's id: the scrolling region is named by it. */
const CAPTION_ID = 'price-table-caption';

const name = (id: ProductId) => productById(id)?.title ?? id;

/**
 * The price table of a product, from the catalog through the pricing functions: Trinity and Irie by
 * length (any size), Jah Locs by length band and size, the DIY kits by kit. The lock kit has none (its
 * adders are shown as cards).
 */
export function priceTableOf(product: ProductId): PriceTableData | null {
  const perBundle = `price per bundle of ${LOCS_PER_BUNDLE} locs`;
  if (product === 'trinity-locs' || product === 'irie-locs') {
    const [lengths, price] = product === 'trinity-locs' ? [TRINITY_LENGTHS, priceTrinity] : [IRIE_LENGTHS, priceIrie];
    return {
      caption: `${name(product)}: ${perBundle}, any size, solid color`,
      corner: 'Length',
      columns: [{ label: 'Price' }],
      rows: lengths.map((l) => ({ label: `${l.inches} in`, cells: [formatUSD(price({ length: l.inches, size: 'MD', color: 'black' }).total)] })),
    };
  }
  if (product === 'jah-locs') {
    return {
      caption: `${name(product)}: ${perBundle}, solid color`,
      corner: 'Length',
      columns: SIZES.map((s) => ({ label: s.label, note: s.width })),
      rows: LENGTH_BANDS.map((b) => ({
        label: b.label,
        cells: SIZES.map((s) => formatUSD(priceJah({ length: b.id, size: s.id, color: 'black', quantity: LOCS_PER_BUNDLE }).total)),
      })),
    };
  }
  if (product === 'diy-kit') {
    return {
      caption: `${name(product)} pricing`,
      corner: 'Kit',
      columns: [{ label: 'Price' }],
      rows: DIY_KITS.map((k) => ({ label: k.name, cells: [formatUSD(priceDiyKit({ kit: k.id }).total)] })),
    };
  }
  return null;
}

/** The table in its horizontally scrolling wrapper. */
export function priceTable<N>(h: H<N>, t: PriceTableData, look: PriceTableLook): N {
  const region = look.region ? { tabIndex: 0, role: 'region', 'aria-labelledby': CAPTION_ID } : {};
  return h(
    'div',
    { className: look.wrap, ...region },
    h(
      'table',
      { className: look.table, part: look.part },
      h('caption', { id: look.region ? CAPTION_ID : undefined }, t.caption),
      h(
        'thead',
        null,
        h(
          'tr',
          null,
          h('th', { scope: 'col' }, t.corner),
          ...t.columns.map((c) => h('th', { scope: 'col', key: c.label }, ...(c.note ? [c.label, ' ', h('span', { className: look.muted }, c.note)] : [c.label]))),
        ),
      ),
      h('tbody', null, ...t.rows.map((r) => h('tr', { key: r.label }, h('th', { scope: 'row' }, r.label), ...r.cells.map((c, i) => h('td', { key: i }, c))))),
    ),
  );
}
