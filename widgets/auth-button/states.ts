/** kyb-auth-button's visual states (the catalogue: widgets/core/state-types.ts). */
import type { ElementStates, StateStep } from '../core/state-types.ts';

const attrs = { 'account-path': '/account' };
const open = { click: 'button[part~="sign-in"]' } as const;

/** The dialog opened on `form`'s tab, an address and a password typed, and the form sent. */
const sendForm = (form: 'sign-in' | 'sign-up', email: string, password: string) => {
  const f = `[part~="${form}-form"]`;
  const steps: StateStep[] = [
    open,
    form === 'sign-up' ? { click: '[role="tab"][id$="-tab-sign-up"]' } : { waitFor: f },
    { fill: `${f} input[type="email"]`, value: email },
    { fill: `${f} input[type="password"]`, value: password },
    { click: `${f} [part~="submit"]` },
  ];
  return { attrs, steps };
};

export default {
  tag: 'kyb-auth-button',
  states: [
    { id: 'signed-out', title: 'Signed out: the Sign in button', attrs, ready: 'button[part~="sign-in"]' },
    { id: 'dialog-open', title: 'The sign-in dialog open', attrs, steps: [open], ready: '[part~="sign-in-form"]' },
    {
      ...sendForm('sign-in', 'amara.okafor@gmail.com', 'not-her-password'),
      id: 'error-toast',
      title: 'A failed sign-in: the error toast above the open dialog',
      ready: '[part~="toast"]',
      expectedConsole: /status of 400|Invalid login/,
    },
    {
      // docs/accounts.md: the button reads Signing in... while busy.
      ...sendForm('sign-in', 'amara.okafor@gmail.com', 'her-password'),
      id: 'signing-in',
      title: 'Sign in pressed: Signing in...',
      hold: ['POST /auth/v1/token'],
      ready: '[part~="sign-in-form"][aria-busy="true"] [part~="submit"]:disabled',
    },
    {
      // docs/accounts.md: the button reads Creating account... while busy.
      ...sendForm('sign-up', 'new.visitor@example.com', 'a-good-password'),
      id: 'creating-account',
      title: 'Create account pressed: Creating account...',
      hold: ['POST /auth/v1/signup'],
      ready: '[part~="sign-up-form"][aria-busy="true"] [part~="submit"]:disabled',
    },
    { id: 'signed-in', title: 'Signed in: greeting, My Account, Sign out', attrs, session: 'member', ready: '[part~="greeting"]' },
    {
      id: 'menu-signed-in',
      title: 'Signed in, in the slide-out menu (layout="menu")',
      attrs: { 'account-path': '/account', layout: 'menu' },
      session: 'member',
      ready: '[part~="greeting"]',
    },
  ],
} satisfies ElementStates;
