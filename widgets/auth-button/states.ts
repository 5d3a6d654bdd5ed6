/** kyb-auth-button's visual states (the catalogue: widgets/core/states.ts). */
import type { ElementStates } from '../core/states.ts';

const open = { click: 'button[part~="sign-in"]' } as const;

export default {
  tag: 'kyb-auth-button',
  states: [
    { id: 'signed-out', title: 'Signed out: the Sign in button', attrs: { 'account-path': '/account' }, ready: 'button[part~="sign-in"]' },
    { id: 'dialog-open', title: 'The sign-in dialog open', attrs: { 'account-path': '/account' }, steps: [open], ready: '[part~="sign-in-form"]' },
    {
      id: 'error-toast',
      title: 'A failed sign-in: the error toast above the open dialog',
      attrs: { 'account-path': '/account' },
      steps: [
        open,
        { waitFor: '[part~="sign-in-form"]' },
        { fill: '[part~="sign-in-form"] input[type="email"]', value: 'amara.okafor@gmail.com' },
        { fill: '[part~="sign-in-form"] input[type="password"]', value: 'not-her-password' },
        { click: '[part~="sign-in-form"] [part~="submit"]' },
      ],
      ready: '[part~="toast"]',
      expectedConsole: /status of 400|Invalid login/,
    },
    {
      // docs/accounts.md: the button reads Signing in... while busy.
      id: 'signing-in',
      title: 'Sign in pressed: Signing in...',
      attrs: { 'account-path': '/account' },
      hold: ['POST /auth/v1/token'],
      steps: [
        open,
        { fill: '[part~="sign-in-form"] input[type="email"]', value: 'amara.okafor@gmail.com' },
        { fill: '[part~="sign-in-form"] input[type="password"]', value: 'her-password' },
        { click: '[part~="sign-in-form"] [part~="submit"]' },
      ],
      ready: '[part~="sign-in-form"][aria-busy="true"] [part~="submit"]:disabled',
    },
    { id: 'signed-in', title: 'Signed in: greeting, My Account, Sign out', attrs: { 'account-path': '/account' }, session: 'member', ready: '[part~="greeting"]' },
    {
      id: 'menu-signed-in',
      title: 'Signed in, in the slide-out menu (layout="menu")',
      attrs: { 'account-path': '/account', layout: 'menu' },
      session: 'member',
      ready: '[part~="greeting"]',
    },
  ],
} satisfies ElementStates;
