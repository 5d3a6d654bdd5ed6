/**
 * Registers `<kyb-cart>`; importing Cart.tsx alone has no side effect. The tags below are the element's
 * public contract: `npm run gen:elements` turns them into custom-elements.json and what is generated from it
 * (widgets/README.md).
 *
 * The cart (docs/commerce.md#cart): in a header, a button with the number of items that opens the cart
 * drawer; on a page (`layout="page"`), the whole cart; around a page's own button (`add`), Add to Cart for
 * that product. The cart is kept in the browser, and with the account when signed in.
 *
 * @tag kyb-cart
 * @attr {'bar' | 'menu' | 'page'} [layout=bar] - `bar`: the header's button, which owns the drawer; `menu`:
 *   a full-width row for a slide-out menu (it opens the `bar` button's drawer); `page`: the whole cart
 *   in the page (the /cart route), with "checkout cancelled" when the address says `?checkout=cancelled`
 * @attr {string} add - a product id of CART_PRODUCTS: the element wraps the page's own Add to Cart button
 *   (its light DOM) and a click on it adds this product to the cart
 * @attr {string} [configuration={}] - with `add`: the product's options as JSON (`{"tier":"bundle"}`)
 * @attr {'toast' | 'open'} [after=toast] - with `add`: after adding, say so in a toast or open the cart
 * @event kyb-request-cart - `{add?, open?, paid?}`: it listens for this event from any element (Add to Cart in
 *   kyb-loc-configurator, a paid order in kyb-order), and the loader dispatches it for a click on the fallback
 *   that came before the code
 * @event kyb-request-sign-in - `{tab: 'sign-in'}` when checkout answers that the session has expired
 * @csspart button, count, base, panel, title, close, notice, empty, lines, line, name, options, unit, quantity,
 *   decrease, increase, remove, line-total, totals, deposit, terms, error, checkout-error, checkout, continue, loading, toasts, toast, dialog, notice-title, notice-close, view-cart, check-out, limit, once, reward-code, field, label, hint
 * @slot - `add`: the page's Add to Cart button
 * @load on-request kyb-request-cart
 */
import { defineElement } from '../core/define.ts';
import { CONTROLS } from '../core/controls.ts';
import { Cart } from './Cart.tsx';
import { listenForCartRequests } from './requests.ts';
import css from './styles.css?sheet';

// Before the element is defined: the loader dispatches a request that came before this code (a tap on
// Add to Cart, or on the header's cart) as soon as the module has run.
listenForCartRequests();
await defineElement('kyb-cart', Cart, { props: { layout: 'string', add: 'string', configuration: 'string', after: 'string' }, css, commonCss: CONTROLS });
