/**
 * kyb-widgets.js: the one script a page includes.
 *
 *   <script type="module" src="https://…/widgets/kyb-widgets.js"></script>
 *
 * It defines nothing itself: it imports an element's registration module (`widgets/<folder>/register.ts`,
 * built as `chunks/<folder>-<hash>.js`) only when its tag appears in the document, at start and later
 * (MutationObserver), so a page with only `<kyb-reviews>` downloads the reviews code and nothing else.
 * Chunks resolve relative to this file, so the bundle works from any origin or path.
 *
 * When, once its tag is in the document, depends on the element's loading strategy, named by `@load`
 * in its register.ts (widgets/README.md#loading-strategies):
 * - `visible` (the default): when it comes within a screen of the viewport (IntersectionObserver), or
 *   at the visitor's first scroll, focus or pointer anywhere; so what is below the fold costs a phone's
 *   first load no main-thread time (issue #13).
 * - `now`: at once (the sticky bar, reserved as `display:none`, never intersects; a page opened already
 *   scrolled must show it without waiting for a gesture).
 * - `on-request <event>`: only when asked for, since it sits on every page but is needed only when the
 *   visitor acts (the header's sign-in button and cart): when the visitor hovers, focuses, touches or
 *   clicks its fallback, when something dispatches its request event, when a session is stored, a mail
 *   link lands or sign-in state changes (`kyb-auth-change`), or when the browser holds a key named as its
 *   tag (`kyb-cart`: a cart with something in it). An empty tag (no fallback to show) loads at once.
 *   A click on the fallback, or a request, that comes before the code is kept (the click does not follow
 *   the link; the request is held back, so no listener of the page's hears it twice) and dispatched as
 *   the request event once the element's module has run: the element's registration listens from then
 *   on (widgets/auth-button/requests.ts).
 *
 * It also adopts one small stylesheet that reserves each element's space while it is `:not(:defined)`
 * (each element's `@reserve`), so nothing shifts when it upgrades; a page may override it per element.
 *
 * Everything per element comes in one string written at build time by scripts/vite/loader-manifest.ts
 * (`loaderManifest`), from custom-elements.json and the chunk graph (compact: a 2.1 kB gzip budget,
 * scripts/size.ts):
 *
 *   <chunk path, * = file>|<common chunk files (those several elements import), comma-separated; `+` after one that has a CSS file>|<element>|<element>…
 *   element = <folder> <file> <strategy>[:<event>] (empty: visible) <common chunks: bit i set for the i-th, base 36> <reserve CSS>
 *   (a file starting with "-" is the folder's name followed by it: `-Ab12Cd` for `reviews-Ab12Cd`)
 *   (the reservation's CSS follows `display:block`)
 *
 * Tags inside another element's shadow root are not seen here: an element that renders another kyb-*
 * element imports that element's register module itself.
 */
const MANIFEST = '__KYB_MANIFEST__';

type Entry = [file: string, strategy: string, event: string, deps: number];

const KEY = Symbol.for('kyb.loader');
const g = globalThis as unknown as Record<symbol, unknown>;

if (typeof document !== 'undefined' && !g[KEY]) {
  // A page that includes the script twice gets one loader; the elements' define is twice-safe anyway.
  // The mark is also where this loader leaves the CSS files it fetches (below) for core/define.ts `sheet`.
  const css: Record<string, Promise<Response>> = (g[KEY] = {});
  const [path, common, ...rows] = MANIFEST.split('|');
  // Not `new URL(…, import.meta.url)` inline: Vite would take that for an asset reference.
  const here = import.meta.url;
  const url = (file: string) => new URL(path.replace('*', file), here).href;
  const els = new Map<string, Entry>();
  /** Tags not imported yet. */
  const pending = new Set<string>();
  let reserved = '';
  /** Tags loaded on request, as one selector (`x` matches nothing a page holds). */
  let onRequest = 'x';
  for (const row of rows) {
    const [folder, file, how, deps, ...reserve] = row.split(' ');
    const tag = `kyb-${folder}`;
    const [strategy, event] = how.split(':');
    // parseInt('') (the dev server: no common chunks) is NaN, which the loop below reads as none.
    els.set(tag, [`${file[0] === '-' ? folder + file : file}+`, strategy, event, parseInt(deps, 36)]);
    pending.add(tag);
    // A block unless its reservation says otherwise (a later declaration wins). :where(): no specificity,
    // so the page's own rules for the element (a class that makes it a grid) win over the reservation.
    reserved += `:where(${tag}:not(:defined)){display:block;${reserve.join(' ')}}`;
    if (event) {
      onRequest += `,${tag}`;
      // Asked for before its code ran, with the element on the page: the request is held back (stopped
      // while it is captured on window, before any listener of the page's) and dispatched once the code
      // has run, on the node it came from. A page's listener hears each request once, when the element
      // can answer it; with no such element on the page the request goes on as sent.
      addEventListener(
        event,
        (e) => {
          if (!customElements.get(tag) && document.querySelector(tag)) {
            e.stopPropagation();
            asked.set(tag, [e.target!, event, (e as CustomEvent).detail]);
          }
          wake();
        },
        true,
      );
    }
  }
  // A constructed sheet, not a <style> element: a strict Content-Security-Policy (style-src 'self')
  // blocks inline <style> but not adopted sheets.
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(reserved);
  document.adoptedStyleSheets.push(sheet);

  /**
   * A chunk's URL without its `+`; a chunk so marked comes with a CSS file of its name, which starts to
   * load here (scripts/vite/css-files.ts). Every element's chunk is marked below; in the dev server
   * an element's chunk is its register.ts, whose CSS comes another way.
   */
  const chunk = (u: string) => {
    const c = u.replace('+.js', '.css');
    // Not caught here: the element's code reads every response it is left, and fetches again on failure.
    if (c !== u) css[c] ||= fetch(c);
    return u.replace('+', '');
  };
  /** Requests that came before their element's code: tag → [target, event, detail]. */
  const asked = new Map<string, [EventTarget, string, unknown]>();
  const load = (tag: string) => {
    if (!pending.delete(tag)) return;
    const it = els.get(tag)!;
    // The element's common chunks are fetched in parallel with its own, instead of after it. import(),
    // not <link rel=modulepreload>: fewer bytes here, and a module is fetched and run once however often
    // it is imported; a failure shows in the element's own import below.
    // So are their CSS files, left in `css` for the element's code (core/define.ts `sheet`).
    for (let i = 0, deps = it[3]; deps; i++, deps >>= 1) if (deps & 1) import(/* @vite-ignore */ chunk(url(common.split(',')[i]))).catch(() => {});
    import(/* @vite-ignore */ chunk(url(it[0]))).then(
      () => {
        const [target, event, detail] = asked.get(tag) ?? [];
        asked.delete(tag);
        // A node that left the page meanwhile would not carry the request to the document.
        ((target as Node)?.isConnected === false ? document : target)?.dispatchEvent(new CustomEvent(event!, { detail, bubbles: true, composed: true }));
      },
      (e) => {
        // Let a later appearance of the tag try again (flaky network, deploy in progress).
        pending.add(tag);
        watch();
        console.error('[kyb] could not load', tag, e);
      },
    );
  };

  /**
   * The browser's stored keys, read once: an on-request element loads at once when a key has its tag's
   * name (kyb-cart: the visitor has a cart, shared/storage.ts CART_STORAGE_KEY), so an empty cart costs
   * nothing but this line.
   */
  let stored: string[] = [];
  try {
    stored = Object.keys(localStorage);
  } catch {
    // Storage disabled: nothing is stored.
  }
  /**
   * on-request elements may load: a session is (or may be) there, or the visitor asked. The key pattern
   * is AUTH_STORAGE_KEY_PATTERN of shared/storage.ts, written out because the loader imports nothing
   * (a static import would put a chunk before the first element; tests/unit/site-policies.test.ts keeps
   * the two equal).
   */
  let demand = /(^#|&)(access_token|error_description)=/.test(location.hash) || stored.some((k) => /^sb-.+-auth-token$/.test(k));
  /** The visitor has scrolled, focused or pointed: every `visible` element loads from then on. */
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
      const how = els.get(tag)![1];
      if (how === 'on-request') {
        // Without fallback content there is nothing to show meanwhile: load it at once.
        if (demand || !el.firstElementChild || stored.includes(tag)) load(tag);
      } else if (active || how === 'now') load(tag);
      else io.observe(el);
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
        const mine = (e.target as Element).closest?.(onRequest);
        const tag = mine?.localName ?? '';
        // A click on the fallback while the code is still on its way (on a phone the tap's own
        // pointerover/touchstart started the download a moment ago, issue #8) must not follow the link:
        // it is kept and dispatched as the element's request once the code has run.
        if (mine && type === 'click' && !customElements.get(tag)) {
          e.preventDefault();
          asked.set(tag, [mine, els.get(tag)![2], {}]);
        }
        // The element reached for loads, and only it: a tap on the cart does not also fetch the sign-in
        // button's code while the cart's drawer opens (a phone's main thread is busy enough).
        if (mine) load(tag);
        if (!active) {
          active = true;
          scan();
        }
      },
      true,
    );
  }
  document.addEventListener('kyb-auth-change', wake);
  // A key of a tag's name written in another tab (a cart filled there, issue #29): that tag loads here
  // too, so a tab opened with an empty cart follows it.
  // (load() ignores a key that is not a pending tag's name.)
  addEventListener('storage', (e) => e.newValue && load(e.key!));

  // Mutation records are already delivered in one batch per microtask: one scan per batch.
  const observer = new MutationObserver(scan);
  const watch = () => observer.observe(document.documentElement, { childList: true, subtree: true });
  watch();
  scan();
}
