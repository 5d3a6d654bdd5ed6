/**
 * kyb-widgets.js: the one script a page includes.
 *
 *   <script type="module" src="https://…/widgets/kyb-widgets.js"></script>
 *
 * It defines nothing itself: it maps each `kyb-<folder>` tag to a dynamic import of
 * `widgets/<folder>/define.ts` (the element's registration module) and imports a chunk only when its
 * tag appears in the document, at start and later (MutationObserver), so a page with only
 * `<kyb-reviews>` downloads the reviews code and nothing else. An element further than a screen below
 * the viewport waits until it comes near (IntersectionObserver) or the visitor first scrolls, focuses or
 * points, so a phone's first load spends no main-thread time on it (issue #13); its reserved space
 * (below) keeps the layout still meanwhile. Chunks resolve relative to this file,
 * so the bundle works from any origin or path.
 *
 * It also injects one small stylesheet that reserves each element's space while it is `:not(:defined)`
 * (no layout shift when the element upgrades) and lets pages opt out per element with their own CSS.
 *
 * The map is generated from the folders present at build time (`import.meta.glob`), so adding an
 * element is adding a folder. Tags inside another element's shadow root are not seen here: an element
 * that renders another kyb-* element imports that element's define module itself.
 */
import { HEIGHT, RESERVE } from './reserve.ts';

const modules = import.meta.glob(['./*/define.ts', '!./core/**']);

/**
 * tag → the shared chunks its element's chunk imports, written in at build time by
 * vite.widgets.config.ts `preloadMap` as `name,name,…|folder:0.3.4;folder:1` (chunks/<name>.js; compact: the loader has a
 * 2 kB budget). They are fetched in parallel with the element's chunk instead of after it. The dev
 * server leaves the placeholder, which has no `|`.
 */
const PRELOAD = '__KYB_PRELOAD__';
function preloadsOf(tag: string): string[] {
  const [files, tags] = PRELOAD.split('|');
  if (!tags) return [];
  const f = files.split(',');
  const entry = tags.split(';').find((t) => `kyb-${t}`.startsWith(`${tag}:`));
  return entry
    ? entry
        .slice(tag.length - 3)
        .split('.')
        .filter(Boolean)
        .map((i) => f[+i])
    : [];
}

/**
 * Space reserved before an element's code arrives (min-height; inline elements get a width too), from
 * each element's `@reserve` (widgets/<folder>/define.ts) through custom-elements.json.
 */
const reserveOf = (tag: string) => {
  const k = tag.slice(4);
  return RESERVE[k] ?? `display:block${HEIGHT[k] ? `;min-height:${HEIGHT[k]}rem` : ''}`;
};

/**
 * On every page but needed only when the visitor acts or is signed in: the header's sign-in button.
 * Its prerendered fallback (a "Sign in" link) stands in until then, so content pages fetch nothing but
 * this loader; an empty tag (no fallback to show) loads at once. It loads on hover, focus or touch, on
 * a stored session or a mail-link landing, or when
 * another element asks for sign-in; a click that beats the code is replayed as a request to open the
 * dialog (the element reads the flag when it mounts).
 */
const ON_DEMAND = 'kyb-auth-button';
const WANTS_SIGN_IN = Symbol.for('kyb.wantsSignIn');
const signedInHint = () => {
  try {
    return /(^#|&)(access_token|error_description)=/.test(location.hash) || Object.keys(localStorage).some((k) => /^sb-.+-auth-token$/.test(k));
  } catch {
    return false;
  }
};

const KEY = Symbol.for('kyb.loader');
const g = globalThis as unknown as Record<symbol, boolean>;

if (typeof document !== 'undefined' && !g[KEY]) {
  // A page that includes the script twice gets one loader; the elements' define is twice-safe anyway.
  g[KEY] = true;
  const pending = new Map<string, () => Promise<unknown>>();
  for (const [path, load] of Object.entries(modules)) pending.set(`kyb-${path.slice(2, -'/define.ts'.length)}`, load);

  // A constructed sheet, not a <style> element: a strict Content-Security-Policy (style-src 'self')
  // blocks inline <style> but not adopted sheets.
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(
    // An element without a reservation gets an empty rule: harmless, and cheaper than a filter here.
    [...pending.keys()].map((tag) => `${tag}:not(:defined){${reserveOf(tag)}}`).join(''),
  );
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];

  const preloaded = new Set<string>();
  // Not `new URL(…, import.meta.url)` inline: Vite would take that for an asset reference.
  const here = import.meta.url;
  const load = (tag: string) => {
    const fn = pending.get(tag);
    if (!fn) return;
    pending.delete(tag);
    for (const file of preloadsOf(tag)) {
      const href = new URL(`chunks/${file}.js`, here).href;
      if (preloaded.has(href)) continue;
      preloaded.add(href);
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      document.head.append(link);
    }
    fn().catch((e) => {
      // Let a later appearance of the tag try again (flaky network, deploy in progress).
      pending.set(tag, fn);
      observer.observe(document.documentElement, { childList: true, subtree: true });
      console.error('[kyb] could not load', tag, e);
    });
  };

  let demand = signedInHint();
  // Any interaction (a scroll, a focus, a pointer; keys scroll or move focus) means the visitor is using
  // the page: from then on every element loads. Until then an element loads when it comes within a screen of the viewport, so what
  // is below the fold costs the first load nothing (issue #13: main-thread time on phones).
  let active = false;
  const io = new IntersectionObserver(
    (entries) => {
      // No unobserve: load() ignores a tag already loaded, and the bytes count here.
      for (const e of entries) if (e.isIntersecting) load(e.target.localName);
    },
    { rootMargin: '100%' },
  );
  const scan = () => {
    for (const el of document.querySelectorAll(':not(:defined)')) {
      const tag = el.localName;
      if (!pending.has(tag)) continue;
      // Without fallback content there is nothing to show meanwhile: load it at once.
      // An element reserved as `display:none` (the sticky bar, hidden until scrolled to) never intersects:
      // it loads at once, so a page opened already scrolled shows it without waiting for a gesture.
      if (tag !== ON_DEMAND) active || reserveOf(tag) === 'display:none' ? load(tag) : io.observe(el);
      else if (demand || !el.firstElementChild) load(tag);
    }
    if (!pending.size) observer.disconnect();
  };
  const wake = () => {
    demand = true;
    scan();
  };
  for (const type of ['pointerover', 'focusin', 'touchstart', 'click', 'scroll']) {
    document.addEventListener(
      type,
      (e) => {
        const mine = (e.target as Element).closest?.(ON_DEMAND);
        // A click on the fallback while the code is still on its way (on a phone the tap's own
        // pointerover/touchstart started the download a moment ago, issue #8) must not follow the link:
        // it is kept and replayed as "open the dialog".
        if (mine && type === 'click' && !customElements.get(ON_DEMAND)) {
          e.preventDefault();
          g[WANTS_SIGN_IN] = true;
        }
        if (mine ? !demand : !active) {
          active = true;
          demand ||= !!mine;
          scan();
        }
      },
      true,
    );
  }
  // Always noted: a button that is defined but not mounted yet (its code just arrived) would miss the
  // event; a mounted one handles it and clears the note (this listener runs first).
  document.addEventListener('kyb-request-sign-in', () => {
    g[WANTS_SIGN_IN] = true;
    wake();
  });
  document.addEventListener('kyb-auth-change', wake);

  // Mutation records are already delivered in one batch per microtask: one scan per batch.
  const observer = new MutationObserver(scan);
  observer.observe(document.documentElement, { childList: true, subtree: true });
  scan();
}
