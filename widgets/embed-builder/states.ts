/**
 * kyb-embed-builder's visual states (the catalogue: widgets/core/state-types.ts). The previews are this
 * site's /embed pages (the playground is served from the site's origin in the visual suite; the dev
 * playground has no /embed pages, so its previews show the 404 page). Data: the seeded reviews and the
 * seeded two weeks of /links clicks (supabase/seed.sql).
 */
import type { ElementStates } from '../core/state-types.ts';

/** Both previews say their element is drawn (it loads when its frame comes into view). */
const previewsReady = '.eb-previews:not(:has([part~="preview"]:not([data-ready])))';

export default {
  tag: 'kyb-embed-builder',
  states: [
    { id: 'signed-out', title: 'Signed out: access denied', ready: '[part~="denied"]' },
    { id: 'member', title: 'A member who is not the admin: access denied', session: 'member', ready: '[part~="denied"]' },
    {
      id: 'newsletter',
      title: 'The admin: the newsletter sign-up, default look (the top of the builder)',
      session: 'admin',
      steps: [{ waitFor: '[part~="clicks-table"]' }],
      ready: '[part~="elements"] input[value="newsletter"]:checked',
    },
    {
      id: 'reviews-dark',
      title: 'Reviews of the Irie Locs, dark, radius 4 px: the phone and desktop previews',
      session: 'admin',
      steps: [
        { click: '[part~="element"] input[value="reviews"]' },
        { fill: '[part~="attributes"] select', value: 'irie-locs' },
        { click: '[part~="look"] input[value="dark"]' },
        { fill: '[part~="look"] input[type="range"]', value: '4' },
        { waitFor: '[part~="clicks-table"]' },
        { scrollTo: '[part~="previews"]' },
      ],
      ready: previewsReady,
    },
    {
      id: 'code',
      title: 'The newsletter’s three forms: script tag, iframe with the resizer line, link',
      session: 'admin',
      steps: [{ waitFor: '[part~="clicks-table"]' }, { scrollTo: '[part~="forms"]' }],
      ready: '[part~="forms"] [part~="code"]',
    },
    {
      id: 'copy-refused',
      title: 'Copy link pressed where the browser refuses the clipboard: the code selected, the line under the button says how to copy, no toast (issue #29)',
      session: 'admin',
      steps: [{ waitFor: '[part~="clicks-table"]' }, { scrollTo: '[part~="forms"]' }, { click: '[part~="forms"] [part~="form"]:last-child [part~="copy"]' }],
      ready: '[part~="copy-status"]:not(:empty)',
    },
    {
      id: 'clicks',
      title: 'The /links clicks: per link and per day (seeded)',
      session: 'admin',
      steps: [{ waitFor: '[part~="clicks-table"]' }, { scrollTo: '[part~="clicks"]' }],
      ready: '[part~="days"] tbody tr',
    },
    {
      id: 'clicks-loading',
      title: 'The link clicks on their way: Loading clicks…',
      session: 'admin',
      hold: ['GET /rest/v1/link_clicks'],
      steps: [{ scrollTo: '[part~="clicks"]' }],
      ready: '[part~="clicks"][aria-busy="true"] [role="status"]',
    },
  ],
} satisfies ElementStates;
