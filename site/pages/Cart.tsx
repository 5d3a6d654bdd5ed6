/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * /cart (docs/commerce.md#cart): the whole cart, `<kyb-cart layout="page">`, which is also where
 * Stripe's page sends a visitor who cancels (`?checkout=cancelled`: the cart says checkout was cancelled
 * and nothing was charged; the cart itself is kept in the browser, so it is all still there). Not
 * indexed, not in the sitemap. Without JavaScript the cart cannot be read: a <noscript> beside the
 * element says how to order by e-mail instead.
 */
import { BUSINESS } from '../../shared/business.ts';
import { Section } from '../components/ui.tsx';

export function Cart() {
  return (
    <Section id="cart" class="section--page section--fill">
      <div class="container">
        <h1 id="page-title" class="page-title">
          Your cart
        </h1>
        {/* Empty, so the loader fetches it at once (an on-request element with content waits for the
            visitor to reach for it, and this page must show the cart, an empty one too); what shows
            without JavaScript is beside it. */}
        <kyb-cart layout="page"></kyb-cart>
        <noscript>
          <div class="card card--padded">
            <p>Your cart is kept in this browser and shows here once the page has loaded (JavaScript is required).</p>
            <p>
              You can also order by e-mail: write to <a href={`mailto:${BUSINESS.email}?subject=Order`}>{BUSINESS.email}</a> with the products and options you would like, and we
              will send you a secure payment link.
            </p>
          </div>
        </noscript>
      </div>
    </Section>
  );
}
