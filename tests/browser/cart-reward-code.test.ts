/**
 * kyb-cart's Reward code field in Chromium, from the built bundle, against the local stack
 * (docs/rewards.md#at-checkout): hidden from a guest, shown to a signed-in member, sent with Checkout,
 * and the server's refusal said at the field, with the cart kept. The messages are restated from
 * docs/rewards.md, not read from shared/messages.ts. A code that is the member's goes on to Stripe's page:
 * tests/backend/reward-code-checkout.test.ts.
 */
import { $, assert, button, cleanup, createUser, equal, expectAccessible, field, mount, text, type, waitFor } from './support/helpers.ts';
import { signIn, signOut } from './support/fixtures.ts';
import { TRINITY, drawer, openDrawer, storeFromAnotherTab } from './support/cart.ts';

async function reset() {
  for (const d of document.querySelectorAll('kyb-cart')) for (const dialog of d.shadowRoot?.querySelectorAll('dialog[open]') ?? []) (dialog as HTMLDialogElement).close();
  cleanup();
  await storeFromAnotherTab(null);
}

describe('kyb-cart: the Reward code field', () => {
  beforeEach(reset);
  afterEach(reset);

  it('is not offered to a guest', async () => {
    await storeFromAnotherTab({ lines: [TRINITY] });
    const el = await mount('<kyb-cart></kyb-cart>');
    const d = await openDrawer(el);
    await waitFor(() => d.querySelector('[part~="checkout"]'), 'the summary');
    equal(d.querySelector('[part~="reward-code"]'), null, 'no field for a guest');
  });

  it('for a member: sent with Checkout, a code that is not theirs refused at the field, the cart kept', async () => {
    const u = await createUser();
    const bar = await signIn(u);
    try {
      await storeFromAnotherTab({ lines: [TRINITY] });
      const el = await mount('<kyb-cart></kyb-cart>');
      await openDrawer(el);
      // The drawer as it stands: its panel is drawn again when the sign-in is known, and a panel read
      // before that is not the one on screen.
      const d = { querySelector: (sel: string) => drawer(el)?.querySelector(sel) ?? null };
      await waitFor(() => d.querySelector('[part~="reward-code"]'), 'the field, once signed in');
      const input = field(el, 'Reward code') as HTMLInputElement;
      assert(text(d.querySelector('[part~="reward-code"] [part~="hint"]')).startsWith('Optional.'), 'its hint');
      await expectAccessible(el, 'the drawer with the field');

      const sent: unknown[] = [];
      const realFetch = window.fetch;
      window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
        if (String(typeof input === 'string' ? input : (input as Request).url).includes('/functions/v1/checkout')) sent.push(JSON.parse(String(init?.body)));
        return realFetch(input, init);
      };
      try {
        await type(input, 'kyb-0123456789ab');
        button(el, 'Checkout', drawer(el)!).click();
        const error = await waitFor(() => d.querySelector('[part~="reward-code"] [part~="error"]'), 'the refusal at the field');
        equal(text(error), 'That code is not one of your rewards. Check it on your account page.', "the server's words");
      } finally {
        window.fetch = realFetch;
      }
      equal((sent[0] as { rewardCode?: string }).rewardCode, 'kyb-0123456789ab', 'sent as typed (the server trims and upper-cases)');
      equal(input.getAttribute('aria-invalid'), 'true', 'marked invalid');
      // The field takes focus in an effect, after the refusal is drawn.
      await waitFor(() => el.shadowRoot!.activeElement === input, 'focus on the field');
      equal(d.querySelector('[part~="checkout-error"]'), null, 'not said a second time above Checkout');
      assert(!$<HTMLButtonElement>(el, '[part~="checkout"]').disabled, 'Checkout can be pressed again');
      await expectAccessible(el, 'the refused code');
      await type(input, '');
      await waitFor(() => !d.querySelector('[part~="reward-code"] [part~="error"]'), 'the error goes as the member types');
    } finally {
      await signOut(bar);
    }
  });
});
