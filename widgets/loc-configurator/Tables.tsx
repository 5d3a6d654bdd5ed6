/** The price tables under the configurator and the notes beside its price (processing time, shipping, final sale). */
import type { ReactNode } from 'react';
import {
  DIY_KIT_SHIPPING,
  DIY_KITS,
  JAH_DEPOSIT_NOTE,
  JAH_PROCESSING_TIME,
  KIT_BUILDER,
  LENGTH_BANDS,
  LOCS_PER_BUNDLE,
  MULTI_TONE_PRICE,
  SIZES,
  type ProductId,
  formatAdder,
  formatUSD,
  priceJah,
} from '../core/shared.ts';

export function Tables({ product }: { product: ProductId }): ReactNode {
  if (product === 'jah-locs') {
    return (
      <div className="cfg__table-wrap">
        <table className="cfg__table" part="table">
          <caption>Jah Locs pricing, per bundle of {LOCS_PER_BUNDLE} locs</caption>
          <thead>
            <tr>
              <th scope="col">Length</th>
              {SIZES.map((s) => (
                <th scope="col" key={s.id}>
                  {s.label} <span className="cfg__muted">({s.width})</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {LENGTH_BANDS.map((b) => (
              <tr key={b.id}>
                <th scope="row">{b.label}</th>
                {SIZES.map((s) => (
                  <td key={s.id}>{formatUSD(priceJah({ length: b.id, size: s.id, color: 'black', quantity: LOCS_PER_BUNDLE as 20 }).total)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        <p className="cfg__note" part="note">
          40 locs are 2 bundles and 60 locs 3 bundles. Multi-tone custom color {formatAdder(MULTI_TONE_PRICE)} per order.
        </p>
      </div>
    );
  }
  if (product === 'diy-kit') {
    return (
      <div className="cfg__table-wrap">
        <table className="cfg__table" part="table">
          <caption>DIY Trinity Loc Kit pricing</caption>
          <thead>
            <tr>
              <th scope="col">Kit</th>
              <th scope="col">Price</th>
            </tr>
          </thead>
          <tbody>
            {DIY_KITS.map((k) => (
              <tr key={k.id}>
                <th scope="row">{k.name}</th>
                <td>{formatUSD(k.price)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }
  return null;
}

export function Notes({ product }: { product: ProductId }): ReactNode {
  const notes: string[] = [];
  if (product === 'jah-locs') notes.push(`Processing time: ${JAH_PROCESSING_TIME}`, JAH_DEPOSIT_NOTE);
  if (product === 'diy-kit') notes.push(DIY_KIT_SHIPPING);
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
