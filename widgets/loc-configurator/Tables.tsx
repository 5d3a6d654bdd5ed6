/** The price tables under the configurator and the notes beside its price (processing time, shipping, final sale). */
import { createElement, type ReactNode } from 'react';
import { DIY_KIT_SHIPPING, DIY_KIT_SHIPPING_ON_SALE, JAH_DEPOSIT_NOTE, JAH_PROCESSING_TIME, KIT_BUILDER, MULTI_TONE_PRICE, type ProductId, formatAdder } from '../core/domain.ts';
import { type H, priceTable, priceTableOf } from '../../ui/price-table.ts';

/** The configurator's own tables: Jah Locs (sizes change its price) and the DIY kits; the product pages show them all. */
const TABLES: readonly ProductId[] = ['jah-locs', 'diy-kit'];

export function Tables({ product }: { product: ProductId }): ReactNode {
  const t = TABLES.includes(product) ? priceTableOf(product) : null;
  if (!t) return null;
  return (
    <div className="cfg__tables">
      {priceTable(createElement as H<ReactNode>, t, { wrap: 'cfg__table-wrap', table: 'cfg__table', muted: 'cfg__muted', part: 'table' })}
      {product === 'jah-locs' ? (
        <p className="cfg__note" part="note">
          40 locs are 2 bundles and 60 locs 3 bundles. Multi-tone custom color {formatAdder(MULTI_TONE_PRICE)} per order.
        </p>
      ) : null}
    </div>
  );
}

export function Notes({ product, onSale = false }: { product: ProductId; onSale?: boolean }): ReactNode {
  const notes: string[] = [];
  if (product === 'jah-locs') notes.push(`Processing time: ${JAH_PROCESSING_TIME}`, JAH_DEPOSIT_NOTE);
  // Launched, the kit is sold as the kit builder's kits are: on the same final-sale terms.
  if (product === 'diy-kit') notes.push(...(onSale ? [DIY_KIT_SHIPPING_ON_SALE, KIT_BUILDER.finalSale] : [DIY_KIT_SHIPPING]));
  if (product === 'lock-kit') notes.push(KIT_BUILDER.shipping, KIT_BUILDER.finalSale);
  if (!notes.length) return null;
  return (
    <ul className="cfg__notes" part="note">
      {notes.map((n) => (
        <li key={n}>{n}</li>
      ))}
    </ul>
  );
}
