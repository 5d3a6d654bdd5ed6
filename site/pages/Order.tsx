/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * The order pages (docs/commerce.md#order-pages), both `<kyb-order>`: /order/confirmed?session_id=… is
 * where Stripe's page returns after a payment (it confirms the payment, then shows the receipt), and
 * /order?token=… is the order's own page, linked from the confirmation e-mail (a guest's too). Not
 * indexed, not in the sitemap; the address carries the only key to the order, so the pages hold nothing
 * of it until the element has asked for it.
 */
import { BUSINESS } from '../../shared/business.ts';
import { Fallback, Section } from '../components/ui.tsx';

function OrderPage({ title }: { title: string }) {
  return (
    <Section id="order" class="section--page section--fill">
      <div class="container--narrow">
        <h1 id="page-title" class="page-title">
          {title}
        </h1>
        <kyb-order>
          <Fallback class="card card--padded">
            <p>Your order shows here once the page has loaded (JavaScript is required). Your confirmation e-mail has every detail of it too.</p>
            <p>
              Questions about an order? Write to <a href={`mailto:${BUSINESS.email}?subject=${encodeURIComponent('My order')}`}>{BUSINESS.email}</a>.
            </p>
          </Fallback>
        </kyb-order>
      </div>
    </Section>
  );
}

export const OrderConfirmed = () => <OrderPage title="Thank you for your order" />;
export const OrderStatus = () => <OrderPage title="Your order" />;
