/**
 * The visual suite (issue #8): every route (signed out; signed in as a member with an ordinary-length
 * address; the admin pages as the admin), every /embed page opened on its own (issue #22) and every
 * state of the states catalogue
 * (widgets/playground/catalogue.ts, rendered by the built playground exactly as a person sees it there),
 * at 320, 390, 768 and 1280 px in Chromium, on the built site and the real local stack. At each width:
 * the layout invariants of invariants.ts, at the top of the page and at its end, and the covering check
 * also where a control passes under a fixed element in between; visible focus on the
 * first Tab; a screenshot compared with its committed baseline (shots.ts). The contact sheet of every
 * shot is written to test-results/visual/index.html (`npm run visual` prints its path).
 */
import { cp } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright';
import { ROUTES } from '../../site/routes.ts';
import { EMBEDS } from '../../ui/embeds.ts';
import { CATALOGUE, stateUrl } from '../../widgets/playground/catalogue.ts';
import type { ElementState, StateSession } from '../../widgets/core/state-types.ts';
import { ADMIN_CREDENTIALS, CUSTOMER_CREDENTIALS, MEMBER_CREDENTIALS, REWARDS_CREDENTIALS } from '../../supabase/local/admin-credentials.ts';
import { signedInStorage } from '../e2e/support/auth.ts';
import { useSite } from '../e2e/support/hooks.ts';
import { ROOT, pool } from '../e2e/support/site.ts';
import { widgetsUpgraded } from '../e2e/support/page.ts';
import { focusProblem, layoutProblems } from './invariants.ts';
import { shoot, writeContactSheet, type Shot } from './shots.ts';
import { describeMails } from './mails.ts';
import { audit, serveAxe, type Violation } from './axe.ts';
import { recordVisit, type Visit } from './visits.ts';
import { routeChecks } from './route-checks.ts';
import { MISSING_PATH } from '../e2e/support/route-expectations.ts';
import { QUIET_LIMIT_MS, neverStill, noteNeverStill, pending, quiet, requestsStarted, stillFrames, watchRequests } from '../e2e/support/quiet.ts';

const ctx = useSite();
// The playground is not deployed with the site (site/prerender.ts): put the built one into this run's
// private copy of the site, so it is served from the site's origin, under its CSP, with its bundle.
beforeAll(async () => {
  await cp(join(ROOT, 'dist/widgets/playground'), join(ctx.site.dir, 'widgets/playground'), { recursive: true });
  await serveAxe(ctx.site);
});
const WIDTHS = [320, 390, 768, 1280] as const;
// One height for every width, so a resize never exposes a strip Chromium has yet to paint.
const HEIGHTS: Record<(typeof WIDTHS)[number], number> = { 320: 800, 390: 800, 768: 800, 1280: 800 };
/** The header stays one row: 80 px at most (issue #8: 137 px at 1280, ~250 px at 320 signed in). */
const HEADER_MAX = 80;
const PARALLEL = 3;
/** Scroll offsets checked per page and width between its top and its end (layoutProblems' coverOffsets). */
const SCROLL_SAMPLES = 8;
/**
 * `KYB_VISUAL_ONLY=<regex>` narrows a run to the routes and states it matches (`<session> <path>`, as
 * in `member /admin/inbox`, or `<tag> <state id>`, as in `kyb-reviews loading`): for looking at a few
 * shots while working on them. `npm test` never sets it.
 */
const ONLY = process.env.KYB_VISUAL_ONLY ? new RegExp(process.env.KYB_VISUAL_ONLY) : null;
const shots: Shot[] = [];

const options = new Map<StateSession, Promise<BrowserContextOptions>>();
/** A context's options for a session (signed in once per session and run). */
function optionsFor(session: StateSession): Promise<BrowserContextOptions> {
  if (!options.has(session)) {
    options.set(
      session,
      (async () => {
        const opts: BrowserContextOptions = { viewport: { width: WIDTHS[0], height: HEIGHTS[WIDTHS[0]] }, reducedMotion: 'reduce' };
        if (session === 'member') {
          const { error } = await ctx.site.anon().auth.signUp(MEMBER_CREDENTIALS);
          if (error) throw new Error(`sign-up of ${MEMBER_CREDENTIALS.email}: ${error.message}`);
          opts.storageState = await signedInStorage(ctx.site, MEMBER_CREDENTIALS);
        } else if (session === 'admin') opts.storageState = await signedInStorage(ctx.site, ADMIN_CREDENTIALS);
        else if (session === 'customer') opts.storageState = await signedInStorage(ctx.site, CUSTOMER_CREDENTIALS);
        else if (session !== 'signed-out') opts.storageState = await signedInStorage(ctx.site, REWARDS_CREDENTIALS[session]);
        return opts;
      })(),
    );
  }
  return options.get(session)!;
}
const contexts = new Map<string, Promise<BrowserContext>>();
/**
 * The session's context; `unlimitedFrames` for the routes (Site.context says why): their pages are long, and
 * each width waits for still frames at every scroll offset. The element states and the /embed pages are
 * short and spend their time loading and drawing: they keep 60 frames a second.
 */
function contextFor(session: StateSession, how: { unlimitedFrames?: boolean } = {}): Promise<BrowserContext> {
  const key = `${session} ${!!how.unlimitedFrames}`;
  if (!contexts.has(key))
    contexts.set(
      key,
      optionsFor(session).then((o) => ctx.site.context(o, how)),
    );
  return contexts.get(key)!;
}

/**
 * Pages to open one address after another in (issue #28): a new tab costs Chromium and Playwright about as
 * much CPU again as loading a page into one already open, and the suite opens some 300. Each of the
 * PARALLEL workers takes a page of the session's context here and gives it back when done. A page given
 * back stands at the widest width (captureWidths): it is set to the first width before it is lent again,
 * so every address loads at the size a new tab has; its next address replaces the document with all its
 * state.
 */
const idle = new Map<BrowserContext, Page[]>();
async function borrow(context: BrowserContext): Promise<Page> {
  const page = idle.get(context)?.pop();
  if (page && !page.isClosed()) {
    // A new tab starts with no session storage (a beta unlock, ticked kit terms): so does this one.
    await page.evaluate(() => sessionStorage.clear());
    if (page.viewportSize()?.width !== WIDTHS[0]) await page.setViewportSize({ width: WIDTHS[0], height: HEIGHTS[WIDTHS[0]] });
    return page;
  }
  const fresh = await context.newPage();
  watchRequests(fresh);
  return fresh;
}
function giveBack(context: BrowserContext, page: Page): void {
  if (page.isClosed()) return;
  (idle.get(context) ?? idle.set(context, []).get(context)!).push(page);
}

/** Resizes and waits until the new size is laid out (a shot taken mid-resize shows a stale frame). */
async function resize(page: Page, width: (typeof WIDTHS)[number]) {
  // At that size already (the first width of a new page, the widest after the first pass): no relayout.
  if (page.viewportSize()?.width !== width || page.viewportSize()?.height !== HEIGHTS[width]) {
    await page.setViewportSize({ width, height: HEIGHTS[width] });
    await page.waitForFunction(([w, h]) => innerWidth === w && innerHeight === h, [width, HEIGHTS[width]]);
  }
  await quiet(page);
}

/** Runs in the page: notes where the window and every box that can scroll stand, and what has focus (restoreScrolls). */
function keepScrolls(): void {
  const kept: [Element, number, number][] = [];
  const roots: (Document | ShadowRoot)[] = [document];
  for (let i = 0; i < roots.length; i++)
    for (const e of roots[i].querySelectorAll('*')) {
      if (e.shadowRoot) roots.push(e.shadowRoot);
      if (e.scrollHeight > e.clientHeight || e.scrollWidth > e.clientWidth) kept.push([e, e.scrollTop, e.scrollLeft]);
    }
  let focused = document.activeElement;
  while (focused?.shadowRoot?.activeElement) focused = focused.shadowRoot.activeElement;
  Object.assign(window, { __kybScrolls: kept, __kybFocused: focused });
}
/** Runs in the page: puts the window and every box keepScrolls noted back where they stood, and the focus. */
function restoreScrolls(): void {
  const kept = window as unknown as { __kybScrolls?: [Element, number, number][]; __kybFocused?: Element | null };
  // A dialog's first focus (its ring is in the shot) comes back: the Tab and the blur took it away.
  if (kept.__kybFocused instanceof HTMLElement && kept.__kybFocused !== document.body) kept.__kybFocused.focus({ preventScroll: true });
  for (const [e, top, left] of kept.__kybScrolls ?? []) e.scrollTo({ top, left, behavior: 'instant' });
}

/**
 * What follows the Tab at each width, in the page in one go (issue #28: a round trip between this process
 * and the page for every scroll, wait and check, some thirty per width, before): the focus ring's check
 * and the blur; the covering check at the offsets where a control passes under a fixed element, and at
 * the end of the page (scrolled to until it stops growing: content above that grows once loaded pushes
 * it down), each once the page has gone still there (stillFrames); then the window, every box that
 * scrolls and the focus put back where keepScrolls found them. Built from the functions' own source, as
 * page.evaluate sends a function, so each must stay self-contained (invariants.ts).
 * The page cannot see its own requests: coveringChecks counts those it started meanwhile.
 */
const AFTER_TAB = `async ({ headerMax, samples, limit, focus }) => {
  const layoutProblems = ${layoutProblems};
  const focusProblem = ${focusProblem};
  const stillFrames = ${stillFrames};
  const restoreScrolls = ${restoreScrolls};
  let notStill = 0;
  const settle = async () => {
    const t = performance.now();
    await stillFrames(limit);
    if (performance.now() - t >= limit) notStill++;
  };
  const covered = (prefix) => layoutProblems({ headerMax, coveringOnly: true }).filter((p) => /covered by/.test(p)).map((p) => prefix + p);
  const ring = focus ? focusProblem() : null;
  document.activeElement?.blur();
  const found = [];
  for (const top of layoutProblems({ headerMax, coverOffsets: samples }).map(Number)) {
    window.scrollTo({ top, behavior: 'instant' });
    await settle();
    found.push(...covered('while scrolling: '));
  }
  let atEnd = false;
  for (let i = 0; i < 5 && !atEnd; i++) {
    window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' });
    await settle();
    atEnd = scrollY + innerHeight >= document.documentElement.scrollHeight - 1;
  }
  if (!atEnd) found.push('the end of the page still moved after 5 scrolls to it');
  found.push(...covered('at the end of the page: '));
  restoreScrolls();
  return { ring, found, notStill };
}`;

/**
 * AFTER_TAB, just after the Tab: the focus ring's problem, and what the covering checks found. When the
 * scrolling set a request off (a chunk or an image coming into view, mostly at the first width), a check
 * may have run before its answer changed the page: once the network is quiet the checks run again, until
 * a pass starts no request (three passes at most, as a page that never stops would make every pass a
 * waste), and the last pass's findings count.
 */
async function coveringChecks(page: Page, headerMax: number | null): Promise<{ focus: string | null; found: string[] }> {
  let focus: string | null = null;
  for (let pass = 0; ; pass++) {
    const before = requestsStarted(page);
    const after = await page.evaluate<{ ring: string | null; found: string[]; notStill: number }>(
      `(${AFTER_TAB})(${JSON.stringify({ headerMax, samples: SCROLL_SAMPLES, limit: QUIET_LIMIT_MS, focus: pass === 0 })})`,
    );
    if (pass === 0) focus = after.ring;
    if (after.notStill) noteNeverStill(page.url(), after.notStill);
    if ((requestsStarted(page) === before && !pending(page)) || pass === 2) return { focus, found: after.found };
    await quiet(page);
  }
}

/**
 * Every width on an opened page, narrowest first, each width in one go (issue #28: a second pass over the
 * widths paid a resize and a wait for a still page again at each): the invariants and the shot where the
 * page stands, with no scrolling before them; then the focus ring on a Tab, the offsets where a control
 * passes under a fixed element, and the end of the page, where fixed bars must leave the last links clear
 * (they slide in on scroll); then back to where the page stood (AFTER_TAB). The next width's resize lays
 * the page out and paints it anew before its shot.
 */
async function captureWidths(
  page: Page,
  group: string,
  name: string,
  title: string,
  headerMax: number | null,
  /** Runs once, after the widest width, at the top of the page: what a route's visit records. */
  atWidest?: () => Promise<void>,
): Promise<string[]> {
  const failures: string[] = [];
  for (const width of WIDTHS) {
    await resize(page, width);
    // Where the shot is taken, the window and every box that scrolls (an open dialog's body) are noted
    // (keepScrolls): the next width's shot is taken there too, though the Tab and the scrolling move them.
    const problems = new Set(await page.evaluate<string[]>(`(${keepScrolls})(), (${layoutProblems})(${JSON.stringify({ headerMax })})`));
    const take = () => shoot(page, group, name, width);
    let shot = await take();
    // One more look before calling it a difference: a frame Chromium had not repainted yet passes once
    // the page has been still for two more frames; a real change does not.
    if (shot.problems.length) {
      await quiet(page);
      shot = await take();
    }
    for (const p of shot.problems) problems.add(p);
    await page.keyboard.press('Tab');
    const { focus, found } = await coveringChecks(page, headerMax);
    if (focus) problems.add(focus);
    for (const p of found) problems.add(p);
    shots.push({ group, title, width, file: shot.file, diff: shot.diff, problems: [...problems] });
    for (const p of problems) failures.push(`${title} @${width}: ${p}`);
  }
  if (atWidest) {
    await quiet(page);
    await atWidest();
  }
  return failures;
}

const routeName = (path: string) => (path === '/' ? 'home' : path.slice(1).replace(/\//g, '_'));

/** Opens a page of the site and waits for its widgets and its network: the problem, or null, and the served document. */
async function open(page: Page, path: string): Promise<{ problem: string | null; html: string }> {
  const res = await page.goto(ctx.site.url + path);
  if (res?.status() !== 200) return { problem: `${path}: status ${res?.status()}`, html: '' };
  const html = await res.text();
  await widgetsUpgraded(page);
  await quiet(page);
  return { problem: null, html };
}

/** Signed-out visits of every address, recorded for "what every route shows" (visits.ts), by path. */
const visits = new Map<string, Visit>();
/** axe's violations, by `<session> <path>`: every route signed out, My Account and the gallery panel signed in. */
const audits = new Map<string, Violation[]>();
const AUDITED: Record<StateSession, (path: string) => boolean> = {
  'signed-out': () => true,
  member: (path) => path === '/account',
  admin: (path) => path === '/admin/gallery',
  customer: () => false,
};
/** The problems of each route's visit, by `<session> <path>` ("<path> @<width>: <problem>"). */
const problemsOf = new Map<string, string[]>();
/** In this run: every address, or those `KYB_VISUAL_ONLY` matches. */
const inRun = (session: StateSession, path: string) => !ONLY || ONLY.test(`${session} ${path}`);

async function routes(session: StateSession, all: string[]) {
  const paths = all.filter((p) => inRun(session, p));
  if (!paths.length) return [];
  const context = await contextFor(session, { unlimitedFrames: true });
  const failures = await pool(paths, PARALLEL, async (path) => {
    const page = await borrow(context);
    try {
      const { problem, html } = await open(page, path);
      if (problem) return [problem];
      // A toast a page shows on arrival ("Authentication required" on the admin pages) goes after a few
      // seconds: shoot without it, so every width compares the same page. Toasts have their own states.
      await page
        .waitForFunction(
          () => {
            const roots: (Document | ShadowRoot)[] = [document];
            while (roots.length) {
              for (const e of roots.pop()!.querySelectorAll('*')) {
                if (e.shadowRoot) roots.push(e.shadowRoot);
                if (e.matches('[part~="toast"]') && e.getClientRects().length) return false;
              }
            }
            return true;
          },
          null,
          { timeout: 10_000, polling: 200 },
        )
        .catch(() => {});
      // One visit per route and session (issue #28): what the route checks and axe need is recorded here.
      const failures = await captureWidths(page, `routes-${session}`, routeName(path), path, HEADER_MAX, async () => {
        if (session === 'signed-out') visits.set(path, await recordVisit(ctx.site, page, path, 200, html));
        if (AUDITED[session](path)) audits.set(`${session} ${path}`, await audit(page));
      });
      problemsOf.set(`${session} ${path}`, failures);
      return failures;
    } finally {
      giveBack(context, page);
    }
  });
  return failures.flat();
}

/** A page opened signed out at 1280 px only to be recorded (an alias, /account, an unknown path): no shots. */
async function recordOnly(path: string): Promise<void> {
  const page = await (await contextFor('signed-out')).newPage();
  watchRequests(page);
  try {
    await page.setViewportSize({ width: 1280, height: HEIGHTS[1280] });
    if (path === MISSING_PATH) {
      // Expected on the 404 page: Chromium's own line for the 404 document and the page's log of the path.
      ctx.site.allowConsole(page, /status of 404/);
      ctx.site.allowConsole(page, new RegExp(MISSING_PATH.replace(/[/.]/g, '\\$&')));
    }
    const res = await page.goto(ctx.site.url + path);
    // The served document, read before the page can send the visitor away (/account signed out), when
    // Chromium still has it; else as the server serves it.
    const html = await (res?.text() ?? Promise.reject()).catch(() => fetch(ctx.site.url + path).then((r) => r.text()));
    // docs/accounts.md#account-page: "When initialisation ends with no user, redirects to /".
    if (path === '/account') await page.waitForURL(`${ctx.site.url}/`, { timeout: 20_000 });
    else await widgetsUpgraded(page);
    await quiet(page);
    visits.set(path, await recordVisit(ctx.site, page, path, res?.status() ?? 0, html));
    if (path === MISSING_PATH) audits.set(`signed-out ${path}`, await audit(page));
  } finally {
    await page.close();
  }
}

describe('every route at 320, 390, 768 and 1280 px', () => {
  const paths = ROUTES.map((r) => r.path);
  it('signed out', async () => {
    // /account sends a signed-out visitor to /, which is on the list itself.
    expect(
      await routes(
        'signed-out',
        paths.filter((p) => p !== '/account'),
      ),
    ).toEqual([]);
  }, 900_000);
  it(`signed in as ${MEMBER_CREDENTIALS.email}`, async () => {
    expect(await routes('member', paths)).toEqual([]);
  }, 900_000);
  it('the admin pages, as the admin', async () => {
    expect(
      await routes(
        'admin',
        paths.filter((p) => p.startsWith('/admin/')),
      ),
    ).toEqual([]);
  }, 300_000);
});

// Every e-mail template at 390 px (issue #29): tests/visual/mails.ts.
describeMails({ context: () => contextFor('signed-out'), shots, only: ONLY });
routeChecks({ visits, audits, problemsOf, inRun, narrowed: !!ONLY, origin: () => ctx.site.url, recordOnly });

describe('every /embed page at 320, 390, 768 and 1280 px (issue #22)', () => {
  // Opened on their own, as the plain-link form shows them; the reviews also dark, as a look changes them.
  const pages = [...EMBEDS.map((e) => [e.path, `/embed/${e.path}`]), ['reviews-dark', '/embed/reviews?slug=irie-locs&theme=dark&radius=4']];
  const items = ONLY ? pages.filter(([name]) => ONLY.test(`embed ${name}`)) : pages;

  it(`renders ${items.length} embed pages`, async () => {
    const context = await contextFor('signed-out');
    const failures = await pool(items, PARALLEL, async ([name, path]) => {
      const page = await borrow(context);
      try {
        const { problem } = await open(page, path);
        return problem ? [problem] : await captureWidths(page, 'embed', name, path, null);
      } finally {
        giveBack(context, page);
      }
    });
    expect(failures.flat()).toEqual([]);
  }, 120_000);
});

describe('every state of the states catalogue at 320, 390, 768 and 1280 px', () => {
  const every: { tag: string; state: ElementState }[] = CATALOGUE.flatMap((e) => e.states.map((state) => ({ tag: e.tag, state })));
  const items = ONLY ? every.filter(({ tag, state }) => ONLY.test(`${tag} ${state.id}`)) : every;

  it(`renders ${items.length} states of ${CATALOGUE.length} elements`, async () => {
    expect(every.length, 'the catalogue is not empty').toBeGreaterThan(CATALOGUE.length);
    const failures = await pool(items, PARALLEL, async ({ tag, state }) => {
      // A state that starts from local storage (a cart) gets a context of its own: the shared one's
      // storage is the origin's, which the states running beside it would change under it.
      const own = !!state.storage?.localStorage;
      const context = own ? await ctx.site.context(await optionsFor(state.session ?? 'signed-out')) : await contextFor(state.session ?? 'signed-out');
      const page = await borrow(context);
      // Only while this state is on the page: the page goes on to other states.
      const disallow = state.expectedConsole ? ctx.site.allowConsole(page, state.expectedConsole) : () => {};
      try {
        const backend = { url: ctx.site.backendUrl, key: ctx.site.stack.config.anonKey };
        await page.goto(`${ctx.site.url}/widgets/playground/${stateUrl(tag, state.id, backend)}`);
        const outcome = await page
          .waitForFunction(() => !/^(loading)?$/.test(document.documentElement.dataset.state ?? ''), null, { timeout: 20_000 })
          .then(() => page.evaluate(() => document.documentElement.dataset.state))
          .catch(() => 'timed out');
        if (outcome !== 'ready') return [`${tag} ${state.id}: ${outcome}`];
        return await captureWidths(page, tag, state.id, `${tag}: ${state.title}`, null);
      } finally {
        disallow();
        if (own) await context.close();
        else giveBack(context, page);
      }
    });
    expect(failures.flat()).toEqual([]);
  }, 1_200_000);
});

afterAll(() => {
  const file = writeContactSheet(shots, WIDTHS);
  console.log(`visual: contact sheet ${file}`);
  // A page that never goes still costs the whole limit at every wait: worth a look when it shows up here.
  if (neverStill.size) console.log(`visual: not still after ${QUIET_LIMIT_MS} ms: ${[...neverStill].map(([url, n]) => `${url} (${n}×)`).join(', ')}`);
});
