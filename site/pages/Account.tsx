/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * My Account (docs/accounts.md#account-page): <kyb-account> (signed-in only; it redirects visitors to /),
 * then the member's rewards card, <kyb-rewards-card detail="full"> (docs/rewards.md#what-the-member-sees), then the customer's orders, <kyb-order of="account"> (docs/commerce.md#order-pages). Not indexed.
 */
import { Fallback, Section } from '../components/ui.tsx';

export function Account() {
  return (
    <Section id="account" class="section--page">
      <div class="container--narrow">
        <h1 id="page-title" class="page-title">
          My Account
        </h1>
        <kyb-account>
          <Fallback class="fallback-only card card--padded">
            <p>Your profile loads here once you are signed in. Sign in with the button at the top of the page (JavaScript is required).</p>
            <p>
              <a href="/">Back to the home page</a>
            </p>
          </Fallback>
        </kyb-account>
        <div class="account-rewards">
          <kyb-rewards-card detail="full">
            <Fallback class="fallback-only card card--padded">
              <p>Your rewards card, your visits and your upcoming appointments show here once you are signed in (JavaScript is required).</p>
            </Fallback>
          </kyb-rewards-card>
        </div>
        <div class="account-orders">
          <kyb-order of="account">
            <Fallback class="fallback-only card card--padded">
              <p>Your orders show here once you are signed in (JavaScript is required). Each confirmation e-mail also links to its order.</p>
            </Fallback>
          </kyb-order>
        </div>
      </div>
    </Section>
  );
}
