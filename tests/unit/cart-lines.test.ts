/**
 * A cart line's options in words (shared/cart.ts priceLine), as the cart, the order pages, the e-mails and
 * the admin show them. Issue #29: Jah lines said "Size: XS (0.4 cm)" while kit lines said "Size: XS".
 */
import { describe, expect, it } from 'vitest';
import { priceLine } from '../../shared/cart.ts';
import { SIZES } from '../../shared/catalog.ts';
import { defaultConfiguration } from '../../shared/pricing.ts';

describe('cart line options', () => {
  it('word a size alike on every product that has one: its label and width', () => {
    for (const s of SIZES) {
      const want = `Size: ${s.label} (${s.width})`;
      for (const product of ['trinity-locs', 'irie-locs', 'jah-locs', 'lock-kit'] as const) {
        const line = priceLine({ product, configuration: { ...defaultConfiguration(product), size: s.id }, quantity: 1 });
        expect(
          line.options.filter((o) => o.startsWith('Size:')),
          `${product} ${s.id}`,
        ).toEqual([want]);
      }
    }
  });
});
