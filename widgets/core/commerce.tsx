/**
 * What the cart and the order screens draw alike (docs/commerce.md#cart, #order-pages): one component
 * for each, styled by core/commerce.css (which each such element's stylesheet @imports).
 *
 * - `<Totals lines>`: the money in words (shared/orders.ts orderTotals: subtotal, shipping or Free,
 *   total, due today or paid, balance due before shipping, refunded).
 * - `cartTotals(cart)`: the same lines for a cart before checkout (nothing paid yet).
 * - `<Item name options href? image? aside?>`: a line's product name and its options in words, with its
 *   picture beside them when given.
 */
import type { ReactNode } from 'react';
import { orderTotals, type PricedCart, type TotalLine } from './domain.ts';

export function cartTotals(c: PricedCart): TotalLine[] {
  return orderTotals({
    subtotal_cents: c.subtotalCents,
    shipping_cents: c.shippingCents,
    total_cents: c.totalCents,
    due_at_checkout_cents: c.dueNowCents,
    paid_cents: 0,
    refunded_cents: 0,
    balance_due_cents: 0,
    needs_shipping: c.needsShipping,
  });
}

/**
 * A label's hyphenated words (a reward code, KYB-8691ADE41A8C) on one line: a line may break after a
 * hyphen, and at 390 px the receipt read "Reward KYB-" over the rest of the code.
 */
const keepTogether = (label: string) =>
  label.split(/(\S+-\S+)/).map((part, i) =>
    i % 2 ? (
      <span key={part} style={{ whiteSpace: 'nowrap' }}>
        {part}
      </span>
    ) : (
      part
    ),
  );

export function Totals({ lines }: { lines: TotalLine[] }) {
  return (
    <dl className="kyb-totals" part="totals">
      {lines.map((l) => (
        <div key={l.label} className={l.strong ? 'kyb-totals__row kyb-totals__row--strong' : 'kyb-totals__row'}>
          <dt>{keepTogether(l.label)}</dt>
          <dd>{l.text}</dd>
        </div>
      ))}
    </dl>
  );
}

export function Item({
  name,
  options,
  href,
  image,
  aside,
  children,
}: {
  name: string;
  options: readonly string[];
  href?: string;
  /** The product's picture beside the line (the cart's lines and its notification, issue #29). */
  image?: string;
  aside?: ReactNode;
  children?: ReactNode;
}) {
  const item = (
    <div className="kyb-item">
      <div className="kyb-item__head">
        {href ? (
          <a className="kyb-item__name" part="name" href={href}>
            {name}
          </a>
        ) : (
          <span className="kyb-item__name" part="name">
            {name}
          </span>
        )}
        {aside}
      </div>
      {options.length ? (
        <ul className="kyb-item__options" part="options">
          {options.map((o) => (
            <li key={o}>{o}</li>
          ))}
        </ul>
      ) : null}
      {children}
    </div>
  );
  if (!image) return item;
  return (
    <div className="kyb-item-row">
      <img className="kyb-item__image" part="image" src={image} alt="" width={64} height={64} loading="lazy" decoding="async" />
      {item}
    </div>
  );
}
