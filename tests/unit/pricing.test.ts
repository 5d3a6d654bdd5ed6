/**
 * Prices over every combination of every product's options. Expected values are restated here from
 * docs/limits.md on purpose (literals, not the catalog's constants), so a wrong table in catalog.ts fails.
 */
import { describe, it, expect } from 'vitest';
import {
  allConfigurations,
  defaultConfiguration,
  fromPrice,
  factorPrice,
  formatAdder,
  formatFrom,
  formatUSD,
  jahBundles,
  priceDiyKit,
  priceFor,
  priceIrie,
  priceJah,
  priceKitBuilder,
  priceTrinity,
  type JahConfig,
  type KitBuilderConfig,
  type Price,
} from '../../shared/pricing.ts';
import type { ProductId } from '../../shared/catalog.ts';

const COLORS = ['black', 'brown', 'burgundy', 'honey-blonde', 'multi-tone'] as const;
const SIZES = ['XS', 'SM', 'MD'] as const;

function invariants(p: Price) {
  expect(Number.isInteger(p.total)).toBe(true);
  expect(p.total).toBeGreaterThan(0);
  expect(p.breakdown.length).toBeGreaterThan(0);
  expect(p.breakdown.reduce((s, l) => s + l.amount, 0)).toBe(p.total);
  for (const l of p.breakdown) {
    expect(l.label.trim()).not.toBe('');
    expect(Number.isInteger(l.amount) && l.amount > 0).toBe(true);
  }
}

describe('Trinity Locs ($70 × length factor, rounded; multi-tone +$75)', () => {
  // 70 × 1, 1.2, 1.4, 1.6, 1.8, 2
  const table: Record<number, number> = { 12: 70, 16: 84, 20: 98, 24: 112, 28: 126, 32: 140 };
  it('prices every length × size × colour', () => {
    let n = 0;
    for (const [len, base] of Object.entries(table))
      for (const size of SIZES)
        for (const color of COLORS) {
          const p = priceTrinity({ length: Number(len), size, color });
          invariants(p);
          expect(p.total).toBe(base + (color === 'multi-tone' ? 75 : 0));
          n++;
        }
    expect(n).toBe(6 * 3 * 5);
    expect(allConfigurations('trinity-locs')).toHaveLength(n);
  });
  it('spells out a multi-tone breakdown', () => {
    const p = priceTrinity({ length: 20, size: 'SM', color: 'multi-tone' });
    expect(p).toEqual({
      total: 173,
      breakdown: [
        { label: 'Trinity Locs, 20 in bundle of 20 ($70 × 1.4)', amount: 98 },
        { label: 'Multi-tone custom color', amount: 75 },
      ],
    });
  });
  it('refuses lengths that only Irie has, with the allowed values in the message', () => {
    expect(() => priceTrinity({ length: 26, size: 'MD', color: 'black' })).toThrow(/Trinity Locs length.*26.*12, 16, 20, 24, 28, 32/);
  });
});

describe('Irie Locs ($65 × factors, 26 in at 1.7 in place of 28 in)', () => {
  // 65 × 1, 1.2, 1.4, 1.6, 1.7 (= 110.5, rounded half up), 2
  const table: Record<number, number> = { 12: 65, 16: 78, 20: 91, 24: 104, 26: 111, 32: 130 };
  it('prices every length × size × colour', () => {
    let n = 0;
    for (const [len, base] of Object.entries(table))
      for (const size of SIZES)
        for (const color of COLORS) {
          const p = priceIrie({ length: Number(len), size, color });
          invariants(p);
          expect(p.total).toBe(base + (color === 'multi-tone' ? 75 : 0));
          n++;
        }
    expect(allConfigurations('irie-locs')).toHaveLength(n);
  });
  it('has no 28 in length', () => {
    expect(() => priceIrie({ length: 28, size: 'MD', color: 'black' })).toThrow(RangeError);
  });
  it('rounds exactly, halves up', () => {
    expect(factorPrice(65, 1.7)).toBe(111);
    expect(factorPrice(70, 1.8)).toBe(126);
    expect(factorPrice(65, 1.2)).toBe(78);
  });
});

describe('Jah Locs (per-bundle length price + size adder, × bundles of 20; multi-tone +$75 once)', () => {
  const perBundle: Record<string, number> = { '12-14': 90, '16-18': 110, '24-26': 130, '32': 150 };
  const sizeAdd: Record<string, number> = { XS: 0, SM: 15, MD: 30 };
  it('prices every length × size × colour × quantity', () => {
    let n = 0;
    for (const [length, price] of Object.entries(perBundle))
      for (const size of SIZES)
        for (const color of COLORS)
          for (const quantity of [20, 40, 60] as const) {
            const c = { length, size, color, quantity } as JahConfig;
            const p = priceJah(c);
            invariants(p);
            expect(p.total).toBe((price + sizeAdd[size]) * (quantity / 20) + (color === 'multi-tone' ? 75 : 0));
            n++;
          }
    expect(n).toBe(4 * 3 * 5 * 3);
    expect(allConfigurations('jah-locs')).toHaveLength(n);
  });
  it('a few worked examples', () => {
    expect(priceJah({ length: '12-14', size: 'XS', color: 'black', quantity: 20 }).total).toBe(90);
    expect(priceJah({ length: '16-18', size: 'SM', color: 'brown', quantity: 40 }).total).toBe(250);
    expect(priceJah({ length: '32', size: 'MD', color: 'multi-tone', quantity: 60 })).toEqual({
      total: 615,
      breakdown: [
        { label: '32 in bundle of 20 ($150) × 3 bundles', amount: 450 },
        { label: 'Size MD (+$30 per bundle) × 3 bundles', amount: 90 },
        { label: 'Multi-tone custom color', amount: 75 },
      ],
    });
  });
  it('counts bundles of 20', () => {
    expect([20, 40, 60].map((q) => jahBundles(q as 20))).toEqual([1, 2, 3]);
  });
  it('refuses a quantity that is not 20, 40 or 60', () => {
    expect(() => priceJah({ length: '12-14', size: 'XS', color: 'black', quantity: 30 as 20 })).toThrow(/quantity.*30/);
    expect(() => priceJah({ length: '20' as '32', size: 'XS', color: 'black', quantity: 20 })).toThrow(/length/);
  });
});

describe('DIY Trinity Loc Kit', () => {
  it('prices each kit', () => {
    expect(priceDiyKit({ kit: 'starter' }).total).toBe(149);
    expect(priceDiyKit({ kit: 'premium' }).total).toBe(199);
    expect(priceDiyKit({ kit: 'complete' }).total).toBe(249);
    for (const c of allConfigurations('diy-kit')) invariants(priceDiyKit(c));
    expect(() => priceDiyKit({ kit: 'deluxe' as 'starter' })).toThrow(/DIY kit.*deluxe/);
  });
});

describe('Kit builder (base $95 + adders + add-ons)', () => {
  const size: Record<string, number> = { XS: 0, SM: 5, MD: 10 };
  const count: Record<number, number> = { 20: 0, 40: 25, 60: 50 };
  const length: Record<string, number> = { '12-14': 0, '16-18': 15, '24-26': 35, '32': 55 };
  const color: Record<string, number> = { black: 0, brown: 0, burgundy: 5, 'honey-blonde': 10, 'multi-tone': 75 };
  const addOn: Record<string, number> = { 'wrapping-hair': 12, 'beads-pack': 9, 'satin-bag': 8 };
  it('prices every size × count × length × colour × add-on subset', () => {
    const ids = Object.keys(addOn);
    let n = 0;
    for (const s of Object.keys(size))
      for (const c of Object.keys(count))
        for (const l of Object.keys(length))
          for (const col of Object.keys(color))
            for (let m = 0; m < 8; m++) {
              const addOns = ids.filter((_, i) => m & (1 << i));
              const cfg = { size: s, count: Number(c), length: l, color: col, addOns } as KitBuilderConfig;
              const p = priceKitBuilder(cfg);
              invariants(p);
              expect(p.total).toBe(95 + size[s] + count[Number(c)] + length[l] + color[col] + addOns.reduce((t, a) => t + addOn[a], 0));
              n++;
            }
    expect(n).toBe(3 * 3 * 4 * 5 * 8);
    expect(allConfigurations('lock-kit')).toHaveLength(n);
  });
  it('the most expensive kit, itemised', () => {
    const p = priceKitBuilder({ size: 'MD', count: 60, length: '32', color: 'multi-tone', addOns: ['satin-bag', 'wrapping-hair', 'beads-pack'] });
    expect(p.total).toBe(95 + 10 + 50 + 55 + 75 + 12 + 9 + 8);
    expect(p.breakdown.map((l) => l.label)).toEqual(['Base kit', 'Size MD', '60 locs', 'Length 32 in', 'Color: Multi-color', 'Wrapping hair', 'Beads pack', 'Satin bag']);
  });
  it('refuses unknown or repeated add-ons', () => {
    const base = defaultConfiguration('lock-kit');
    expect(() => priceKitBuilder({ ...base, addOns: ['gift-wrap' as 'satin-bag'] })).toThrow(/add-on.*gift-wrap/);
    expect(() => priceKitBuilder({ ...base, addOns: ['satin-bag', 'satin-bag'] })).toThrow(/Duplicate/);
  });
});

describe('every product', () => {
  const ids: ProductId[] = ['trinity-locs', 'irie-locs', 'jah-locs', 'diy-kit', 'lock-kit'];
  // issue #8: the Jah and kit configurators opened above the "From" price shown beside them. fromPrice is
  // the default configuration's price, so it must be the lowest any configuration reaches.
  it('reaches exactly its "from" price as its lowest configuration, and opens at it', () => {
    for (const id of ids) {
      const min = Math.min(...allConfigurations(id).map((c) => priceFor(id, c).total));
      expect(min, id).toBe(fromPrice(id));
    }
  });
  it('has a valid default configuration', () => {
    for (const id of ids) invariants(priceFor(id, defaultConfiguration(id)));
    expect(defaultConfiguration('jah-locs')).toMatchObject({ size: 'XS', quantity: 20 });
    expect(defaultConfiguration('diy-kit')).toEqual({ kit: 'starter' });
  });
  it('refuses an unknown product', () => {
    expect(() => priceFor('mug' as 'diy-kit', { kit: 'starter' })).toThrow(/Unknown product/);
    expect(() => defaultConfiguration('mug' as 'diy-kit')).toThrow(/Unknown product/);
  });
});

describe('formatUSD', () => {
  it('formats whole dollars without cents and cents only when present', () => {
    expect(formatUSD(65)).toBe('$65');
    expect(formatUSD(0)).toBe('$0');
    expect(formatUSD(1050)).toBe('$1,050');
    expect(formatUSD(110.5)).toBe('$110.50');
    expect(formatUSD(13.999)).toBe('$14');
    expect(formatUSD(-5)).toBe('-$5');
    expect(formatFrom(70)).toBe('From $70');
    expect(formatAdder(15)).toBe('+$15');
    expect(formatAdder(0)).toBe('');
    expect(() => formatUSD(Number.NaN)).toThrow(RangeError);
  });
  it('writes what Intl.NumberFormat writes for en-US dollars', () => {
    const whole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
    const cents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });
    const amounts = [0, 0.01, 0.1, 0.5, 0.994, 0.995, 1, 9.99, 99.5, 100, 999, 1000, 1234.56, 99999.99, 100000, 1234567, 12345678.9];
    for (const a of [...amounts, ...amounts.map((x) => -x)]) {
      const c = Math.round(Math.abs(a) * 100);
      const expected = c === 0 ? '$0' : (c % 100 ? cents : whole).format(Math.sign(a) * (c / 100));
      expect(formatUSD(a), String(a)).toBe(expected);
    }
  });
});
