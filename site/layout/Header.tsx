/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * Sticky top bar (docs/pages.md#shared-layout). Everything here works with JavaScript off: the Digital Tools dropdown
 * and the small-screen menu are `popover`s opened by `popovertarget` buttons, so Enter/Space toggle
 * them, Esc and a click outside close them and focus returns to their button (issue #8: a <details>
 * stayed open after Esc). The dropdown's links follow its button in the Tab order.
 *
 * The account control is one `kyb-auth-button` in the bar and one (`layout="menu"`) in the slide-out
 * menu; on a phone the bar keeps only Sign in, or a compact My Account, and the menu holds the greeting
 * and Sign out (site.css). The bar's button owns the one sign-in dialog.
 *
 * The cart is the same pair: `kyb-cart` in the bar (a round button with the number of items, which owns
 * the cart drawer) and a Cart row in the menu (docs/commerce.md#cart). Their fallbacks link to /cart;
 * the loader fetches their code only once the visitor has a cart, is signed in, or reaches for one.
 *
 * The menu also holds "Send a DM": below 1272 px the floating message button does not float over the
 * page (it would sit on text or a control, footer.css), so the sticky header's menu is where a phone
 * visitor reaches it from anywhere on the page.
 */
import { BUSINESS } from '../../shared/business.ts';
import { BookLink, ExtLink, Img } from '../components/ui.tsx';
import { Icon } from '../components/icons.tsx';
import { HEADER_NAV, type NavSection, navLink, routeFor } from '../routes.ts';

const PRIMARY_NAV = HEADER_NAV.primary;
const TOOLS_NAV = HEADER_NAV.tools;

/** The link of the page's section is highlighted; aria-current="page" only where it is the page itself. */
function NavItem({ path, current, section }: { path: string; current: string; section: NavSection }) {
  const l = navLink(path);
  return (
    <li>
      <a href={l.href} aria-current={current === l.href ? 'page' : undefined} class={section === l.href ? 'is-current' : undefined}>
        {l.label}
      </a>
    </li>
  );
}

/** `current` is the route's canonical path; its `section` (site/routes.ts) says which link is highlighted. */
export function Header({ current }: { current: string }) {
  const section = routeFor(current)?.section ?? null;
  const toolsHere = section === '/digital-tools' || TOOLS_NAV.some((p) => p === section);
  return (
    <header class="site-header">
      <div class="container site-header__bar">
        <a class="brand" href="/">
          <Img src="/images/logo.svg" alt={`${BUSINESS.name} home`} width={132} height={44} eager />
        </a>
        <nav class="nav-desktop" aria-label="Main">
          <ul class="nav-list">
            {PRIMARY_NAV.map((p) => (
              <NavItem path={p} current={current} section={section} />
            ))}
            <li class="nav-dropdown">
              <button type="button" class={`nav-dropdown__toggle${toolsHere ? ' is-current' : ''}`} popovertarget="tools-menu">
                Digital Tools <Icon name="chevron" class="nav-dropdown__chevron" />
              </button>
              <ul id="tools-menu" class="nav-dropdown__menu" popover="auto">
                {TOOLS_NAV.map((p) => (
                  <NavItem path={p} current={current} section={section} />
                ))}
              </ul>
            </li>
            <NavItem path={HEADER_NAV.last} current={current} section={section} />
          </ul>
        </nav>
        <div class="site-header__actions">
          <BookLink class="site-header__book">Book Now</BookLink>
          <kyb-auth-button>
            <a class="auth-fallback" href="/account">
              Sign in
            </a>
          </kyb-auth-button>
          <kyb-cart>
            <a class="cart-fallback" href="/cart" aria-label="Cart">
              <Icon name="bag" />
            </a>
          </kyb-cart>
          <button class="menu-toggle" type="button" popovertarget="mobile-menu" aria-label="Open menu">
            <Icon name="menu" />
          </button>
        </div>
      </div>
      <div id="mobile-menu" class="mobile-menu" popover="auto">
        <div class="mobile-menu__head">
          <span class="mobile-menu__title">Menu</span>
          <button class="menu-close" type="button" popovertarget="mobile-menu" popovertargetaction="hide" aria-label="Close menu">
            <Icon name="close" />
          </button>
        </div>
        <nav aria-label="Mobile">
          <ul class="mobile-menu__list">
            {PRIMARY_NAV.map((p) => (
              <NavItem path={p} current={current} section={section} />
            ))}
            <li>
              <details class="mobile-menu__group" open={toolsHere}>
                <summary>
                  Digital Tools <Icon name="chevron" class="nav-dropdown__chevron" />
                </summary>
                <ul>
                  {TOOLS_NAV.map((p) => (
                    <NavItem path={p} current={current} section={section} />
                  ))}
                </ul>
              </details>
            </li>
            <NavItem path={HEADER_NAV.last} current={current} section={section} />
          </ul>
        </nav>
        <div class="mobile-menu__account">
          <kyb-cart layout="menu">
            <a class="cart-fallback cart-fallback--row" href="/cart">
              <Icon name="bag" /> Cart
            </a>
          </kyb-cart>
          <kyb-auth-button layout="menu">
            <a class="auth-fallback" href="/account">
              Sign in
            </a>
          </kyb-auth-button>
        </div>
        <BookLink class="mobile-menu__book">Book Now</BookLink>
        <ExtLink class="mobile-menu__dm" href={BUSINESS.dmUrl}>
          <Icon name="message" /> Send a DM
        </ExtLink>
      </div>
    </header>
  );
}
