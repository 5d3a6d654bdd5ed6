/** kyb-beta-gate's visual states (the catalogue: widgets/core/state-types.ts). */
import { BETA_UNLOCK_KEY } from '../../shared/storage.ts';
import type { ElementStates } from '../core/state-types.ts';

const gate = { mode: 'gate' };

export default {
  tag: 'kyb-beta-gate',
  states: [
    { id: 'gate', title: 'Locked: the beta gate', attrs: gate, ready: '[part~="card"]' },
    {
      id: 'checking',
      title: 'A password sent: Checking...',
      attrs: gate,
      hold: ['POST /functions/v1/beta-access'],
      steps: [{ fill: 'input[name="password"]', value: 'a-guess' }, { click: '[part~="submit"]' }],
      ready: 'form[aria-busy="true"] [part~="submit"]:disabled',
    },
    {
      id: 'request-submitting',
      title: 'The access request sent: Submitting...',
      attrs: gate,
      hold: ['POST /functions/v1/lead-capture'],
      steps: [
        { click: '[part~="request-link"]' },
        { fill: '[part~="request-form"] input[name="name"]', value: 'Tasha Greene' },
        { fill: '[part~="request-form"] input[name="email"]', value: 'tasha.greene@example.com' },
        { fill: '[part~="request-form"] select[name="role"]', value: 'Stylist or loctician' },
        { fill: '[part~="request-form"] textarea[name="message"]', value: 'I plan installs for twelve clients a month.' },
        { click: '[part~="request-form"] [part~="submit"]' },
      ],
      ready: '[part~="request-form"][aria-busy="true"] [part~="submit"]:disabled',
    },
    { id: 'tools', title: 'Locked: the tools page asks for the password', attrs: { mode: 'tools' }, ready: '[part~="base"]' },
    {
      // What a beta tester sees once the password was accepted earlier in this tab (the unlock lives in
      // sessionStorage, shared/storage.ts): the tools list itself.
      id: 'tools-unlocked',
      title: 'Unlocked: the beta tools list',
      attrs: { mode: 'tools' },
      storage: { sessionStorage: { [BETA_UNLOCK_KEY]: '1' } },
      ready: '[part~="unlocked"]',
    },
  ],
} satisfies ElementStates;
