/**
 * Prices of every configurable product, computed from the tables in catalog.ts (docs/limits.md).
 * Pure: no DOM. The site's prerender and the widgets both call these, so a quoted price has one source.
 *
 * Every function returns `{ total, breakdown }` where the breakdown lines add up to the total, and
 * throws a RangeError naming the allowed values when an option is not in the catalog: a bad option
 * must never turn into a silently wrong price.
 */
import {
  DEFAULT_COLOR,
  DEFAULT_DIY_KIT,
  DEFAULT_SIZE,
  DIY_KITS,
  IRIE_BASE_PRICE,
  IRIE_LENGTHS,
  JAH_BUNDLE_PRICES,
  JAH_QUANTITIES,
  JAH_SIZE_ADDERS,
  KIT_BUILDER,
  LENGTH_BANDS,
  LOC_COLORS,
  LOCS_PER_BUNDLE,
  MULTI_TONE_PRICE,
  PLANNER_TIERS,
  SIZES,
  TRINITY_BASE_PRICE,
  TRINITY_LENGTHS,
  type ColorId,
  type DiyKitId,
  type FactorLength,
  type JahQuantity,
  type KitAddOnId,
  type KitCount,
  type LengthBand,
  type ProductId,
  type SizeId,
} from './catalog.ts';
import { formatUSD } from './money.ts';

export interface PriceLine {
  label: string;
  /** Whole US dollars. */
  amount: number;
}
export interface Price {
  total: number;
  breakdown: PriceLine[];
}

export interface FactorLocConfig {
  /** Length in inches: one of TRINITY_LENGTHS / IRIE_LENGTHS. */
  length: number;
  size: SizeId;
  color: ColorId;
}
export type TrinityConfig = FactorLocConfig;
export type IrieConfig = FactorLocConfig;
export interface JahConfig {
  length: LengthBand;
  size: SizeId;
  color: ColorId;
  /** Locs ordered: 20, 40 or 60. */
  quantity: JahQuantity;
}
export interface DiyKitConfig {
  kit: DiyKitId;
}
export interface KitBuilderConfig {
  size: SizeId;
  count: KitCount;
  length: LengthBand;
  color: ColorId;
  addOns: KitAddOnId[];
}
export interface ConfigFor {
  'trinity-locs': TrinityConfig;
  'irie-locs': IrieConfig;
  'jah-locs': JahConfig;
  'diy-kit': DiyKitConfig;
  'lock-kit': KitBuilderConfig;
}
export type AnyConfig = ConfigFor[ProductId];

// ---------------------------------------------------------------- helpers

function oneOf<T>(what: string, value: T, allowed: readonly T[]): T {
  if (!allowed.includes(value)) {
    throw new RangeError(`Unknown ${what}: ${JSON.stringify(value)} (expected one of ${allowed.map((a) => JSON.stringify(a)).join(', ')})`);
  }
  return value;
}
const SIZE_IDS = SIZES.map((s) => s.id);
const COLOR_IDS = LOC_COLORS.map((c) => c.value);
const BAND_IDS = LENGTH_BANDS.map((b) => b.id);
const sizeLabel = (id: SizeId) => SIZES.find((s) => s.id === id)!.label;
const colorLabel = (id: ColorId) => LOC_COLORS.find((c) => c.value === id)!.label;
const bandLabel = (id: LengthBand) => LENGTH_BANDS.find((b) => b.id === id)!.label;

function total(breakdown: PriceLine[]): Price {
  return { total: breakdown.reduce((s, l) => s + l.amount, 0), breakdown };
}

/**
 * base × factor, "result rounded" (docs/limits.md) to whole dollars, halves up. The factor is taken in tenths
 * so the product is exact: 65 × 1.7 is 110.5 (→ $111), not 110.50000000000001.
 */
export function factorPrice(base: number, factor: number): number {
  return Math.round((base * Math.round(factor * 10)) / 10);
}

function priceFactorLoc(name: string, base: number, lengths: readonly FactorLength[], c: FactorLocConfig): Price {
  const len = lengths.find((l) => l.inches === c.length);
  if (!len)
    oneOf(
      `${name} length (inches)`,
      c.length,
      lengths.map((l) => l.inches),
    );
  oneOf('size', c.size, SIZE_IDS);
  oneOf('color', c.color, COLOR_IDS);
  const lines: PriceLine[] = [{ label: `${name}, ${len!.inches} in bundle of ${LOCS_PER_BUNDLE} ($${base} × ${len!.factor})`, amount: factorPrice(base, len!.factor) }];
  if (c.color === 'multi-tone') lines.push({ label: 'Multi-tone custom color', amount: MULTI_TONE_PRICE });
  return total(lines);
}

// ---------------------------------------------------------------- products

/** Trinity Locs: $70 × length factor, rounded; multi-tone +$75; size does not change the price (docs/limits.md). */
export function priceTrinity(c: TrinityConfig): Price {
  return priceFactorLoc('Trinity Locs', TRINITY_BASE_PRICE, TRINITY_LENGTHS, c);
}

/** Irie Locs: $65 × the same factors with 26 in at 1.7 in place of 28 in; multi-tone +$75 (docs/limits.md). */
export function priceIrie(c: IrieConfig): Price {
  return priceFactorLoc('Irie Locs', IRIE_BASE_PRICE, IRIE_LENGTHS, c);
}

/**
 * Jah Locs (docs/limits.md): "12-14 in $90, 16-18 in $110, 24-26 in $130, 32 in $150. Size SM adds $15, MD adds
 * $30 over XS. Multi-tone +$75. Quantities 20, 40, 60."
 *
 * Our reading, since the spec does not say how quantity multiplies: a bundle is 20 locs (docs/data.md#entities,
 * docs/data.md#entities), so 40 locs are 2 bundles and 60 locs 3. The length price and the size adder price one
 * bundle (a wider loc takes more hair in every bundle), so both are multiplied by the number of
 * bundles. Multi-tone is the custom coloring service and is charged once per order, as it is for
 * Trinity, Irie and the kit. Hence "from $90" = 20 XS locs, 12-14 in, one solid color.
 */
export function priceJah(c: JahConfig): Price {
  oneOf('Jah Locs length', c.length, BAND_IDS);
  oneOf('size', c.size, SIZE_IDS);
  oneOf('color', c.color, COLOR_IDS);
  oneOf('Jah Locs quantity', c.quantity, JAH_QUANTITIES);
  const bundles = jahBundles(c.quantity);
  const per = JAH_BUNDLE_PRICES[c.length];
  const times = bundles > 1 ? ` × ${bundles} bundles` : '';
  const lines: PriceLine[] = [{ label: `${bandLabel(c.length)} bundle of ${LOCS_PER_BUNDLE} ($${per})${times}`, amount: per * bundles }];
  const add = JAH_SIZE_ADDERS[c.size];
  if (add > 0) lines.push({ label: `Size ${sizeLabel(c.size)} (+$${add} per bundle)${times}`, amount: add * bundles });
  if (c.color === 'multi-tone') lines.push({ label: 'Multi-tone custom color', amount: MULTI_TONE_PRICE });
  return total(lines);
}

/** Number of 20-loc bundles in a Jah Locs quantity. */
export function jahBundles(quantity: JahQuantity): number {
  return quantity / LOCS_PER_BUNDLE;
}

/** DIY Trinity Loc Kit: the chosen kit's fixed price (docs/limits.md). */
export function priceDiyKit(c: DiyKitConfig): Price {
  const kit = DIY_KITS.find((k) => k.id === c.kit);
  if (!kit)
    oneOf(
      'DIY kit',
      c.kit,
      DIY_KITS.map((k) => k.id),
    );
  return total([{ label: kit!.name, amount: kit!.price }]);
}

/** Kit builder (/products/lock-kit): base $95 plus each option's adder plus the add-ons (docs/limits.md). */
export function priceKitBuilder(c: KitBuilderConfig): Price {
  const k = KIT_BUILDER;
  const pick = <T>(what: string, list: readonly { value: T; label: string; add: number }[], v: T) => {
    const o = list.find((x) => x.value === v);
    if (!o)
      oneOf(
        what,
        v,
        list.map((x) => x.value),
      );
    return o!;
  };
  const size = pick('kit size', k.sizes, c.size);
  const count = pick('kit loc count', k.counts, c.count);
  const length = pick('kit length', k.lengths, c.length);
  const color = pick('kit color', k.colors, c.color);
  const addOns = c.addOns.map((a) => pick('kit add-on', k.addOns, a));
  if (new Set(c.addOns).size !== c.addOns.length) throw new RangeError(`Duplicate kit add-on in ${JSON.stringify(c.addOns)}`);
  const lines: PriceLine[] = [{ label: 'Base kit', amount: k.basePrice }];
  if (size.add) lines.push({ label: `Size ${size.label}`, amount: size.add });
  if (count.add) lines.push({ label: count.label, amount: count.add });
  if (length.add) lines.push({ label: `Length ${length.label}`, amount: length.add });
  if (color.add) lines.push({ label: `Color: ${color.label}`, amount: color.add });
  for (const a of k.addOns) if (addOns.includes(a)) lines.push({ label: a.label, amount: a.add });
  return total(lines);
}

const PRICERS: { [P in ProductId]: (c: ConfigFor[P]) => Price } = {
  'trinity-locs': priceTrinity,
  'irie-locs': priceIrie,
  'jah-locs': priceJah,
  'diy-kit': priceDiyKit,
  'lock-kit': priceKitBuilder,
};

export function priceFor<P extends ProductId>(product: P, config: ConfigFor[P]): Price {
  const f = PRICERS[product] as ((c: ConfigFor[P]) => Price) | undefined;
  if (!f) throw new RangeError(`Unknown product: ${JSON.stringify(product)}`);
  return f(config);
}

/** The configuration a product page opens with: its "From" price (docs/limits.md size MD where the size does not change the price; docs/catalog.md#pricing kit starter). */
/** The size every size-priced product starts from (no size adder). */
const FROM_SIZE: SizeId = SIZES[0].id;

export function defaultConfiguration<P extends ProductId>(product: P): ConfigFor[P] {
  const d: ConfigFor = {
    'trinity-locs': { length: TRINITY_LENGTHS[0].inches, size: DEFAULT_SIZE, color: DEFAULT_COLOR },
    'irie-locs': { length: IRIE_LENGTHS[0].inches, size: DEFAULT_SIZE, color: DEFAULT_COLOR },
    // Where the size changes the price, the configurator opens at the smallest, so the total it shows
    // first is the "From" price printed beside it (issue #8: Jah opened at $120 next to "From $90").
    'jah-locs': { length: '12-14', size: FROM_SIZE, color: DEFAULT_COLOR, quantity: 20 },
    'diy-kit': { kit: DEFAULT_DIY_KIT },
    'lock-kit': { ...KIT_BUILDER.defaults, size: FROM_SIZE, addOns: [] },
  };
  if (!(product in d)) throw new RangeError(`Unknown product: ${JSON.stringify(product)}`);
  return d[product];
}

/** Every configuration of a product (for tests and for the prerendered price tables). */
export function allConfigurations<P extends ProductId>(product: P): ConfigFor[P][] {
  const out: AnyConfig[] = [];
  const sizes = SIZE_IDS;
  const colors = COLOR_IDS;
  switch (product) {
    case 'trinity-locs':
    case 'irie-locs':
      for (const l of product === 'trinity-locs' ? TRINITY_LENGTHS : IRIE_LENGTHS)
        for (const size of sizes) for (const color of colors) out.push({ length: l.inches, size, color });
      break;
    case 'jah-locs':
      for (const length of BAND_IDS) for (const size of sizes) for (const color of colors) for (const quantity of JAH_QUANTITIES) out.push({ length, size, color, quantity });
      break;
    case 'diy-kit':
      for (const k of DIY_KITS) out.push({ kit: k.id });
      break;
    case 'lock-kit': {
      const ids = KIT_BUILDER.addOns.map((a) => a.value);
      const subsets = Array.from({ length: 1 << ids.length }, (_, m) => ids.filter((_, i) => m & (1 << i)));
      for (const s of KIT_BUILDER.sizes)
        for (const n of KIT_BUILDER.counts)
          for (const l of KIT_BUILDER.lengths)
            for (const c of KIT_BUILDER.colors) for (const addOns of subsets) out.push({ size: s.value, count: n.value, length: l.value, color: c.value, addOns });
      break;
    }
    default:
      throw new RangeError(`Unknown product: ${JSON.stringify(product)}`);
  }
  return out as ConfigFor[P][];
}

// ---------------------------------------------------------------- formatting

/** Money in words: shared/money.ts (re-exported here, where the catalog's pages have always found it). */
export { formatUSD };

/**
 * A configurable product's "from" price: what its default configuration costs, which is the lowest any
 * configuration reaches (tests/unit/pricing.test.ts), so the catalog cards, the product pages and the
 * route table's descriptions quote the configurator's own figure, never a copy of it.
 */
export function fromPrice(product: ProductId): number {
  return priceFor(product, defaultConfiguration(product)).total;
}

/** The Crown Planner's lowest tier, as its page and its description quote it. */
export const plannerFromPrice = (): number => Math.min(...PLANNER_TIERS.map((t) => t.price));

/** "From $65" on catalog cards. */
export function formatFrom(amount: number): string {
  return `From ${formatUSD(amount)}`;
}

/** An adder as an option label suffix: "+$15", or "" for no change. */
export function formatAdder(amount: number): string {
  return amount > 0 ? `+${formatUSD(amount)}` : '';
}

/** Price of one color choice for a loc product (only multi-tone changes it). */
export function colorAdder(color: ColorId): number {
  return color === 'multi-tone' ? MULTI_TONE_PRICE : 0;
}

/** The label of a color (for summaries). */
export { colorLabel, sizeLabel, bandLabel };
