/**
 * The signal that a page is still, in place of fixed timers (the visual suite before each shot and check,
 * and e2e tests that measure a page once it has settled): no request of the page in
 * flight (a chunk the loader fetches when an element scrolls into view, a list's rows), its fonts loaded,
 * the images in view decoded, every finite animation or transition finished, and then two animation
 * frames in a row in which nothing in the DOM (shadow roots included) changed and the page kept its
 * height and scroll position. A page that never stops (a request held open) is taken as it stands after
 * `QUIET_LIMIT_MS`, as the fixed timers did, and the shot or the check that follows says whether that is
 * a problem.
 */
import type { Page, Request } from 'playwright';

export const QUIET_LIMIT_MS = 3_000;

/** A page's requests in flight, with when each started. */
const inflight = new WeakMap<Page, Map<Request, number>>();
/** How many requests each page has started. */
const started = new WeakMap<Page, number>();
/** Starts counting a page's requests; call it before the page's first navigation. */
export function watchRequests(page: Page): void {
  const open = new Map<Request, number>();
  inflight.set(page, open);
  started.set(page, 0);
  page.on('request', (r) => {
    open.set(r, Date.now());
    started.set(page, (started.get(page) ?? 0) + 1);
  });
  page.on('requestfinished', (r) => open.delete(r));
  page.on('requestfailed', (r) => open.delete(r));
}
/**
 * How many requests `page` has started so far: a check done in the page in one go (several waits for a
 * still page inside one evaluate) compares it before and after, since it cannot see the network itself.
 */
export const requestsStarted = (page: Page): number => started.get(page) ?? 0;
/**
 * Requests the page is waiting for: a request held open longer than the limit (a stream, a long poll)
 * is not waited for again, or every later wait would last the whole limit.
 */
export function pending(page: Page): number {
  const since = Date.now() - QUIET_LIMIT_MS;
  let n = 0;
  for (const started of inflight.get(page)?.values() ?? []) if (started > since) n++;
  return n;
}

/** Runs in the page: fonts, images in view, finite animations, then two unchanged frames (or `limitMs`). */
export function stillFrames(limitMs: number): Promise<void> {
  // The limit is a timer, not a loop of animation frames: a frame requested for nothing makes Chromium
  // produce one, and a loop left running after the page went still kept the renderer painting for the
  // rest of the limit after every wait.
  let finished = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, limitMs);
  });
  const roots = (): (Document | ShadowRoot)[] => {
    const out: (Document | ShadowRoot)[] = [document];
    for (let i = 0; i < out.length; i++) for (const e of out[i].querySelectorAll('*')) if (e.shadowRoot) out.push(e.shadowRoot);
    return out;
  };
  const inView = (img: HTMLImageElement) => {
    const r = img.getBoundingClientRect();
    return r.bottom > 0 && r.right > 0 && r.top < innerHeight && r.left < innerWidth && r.width > 0;
  };
  const loaded = (async () => {
    await document.fonts.ready;
    const images = roots().flatMap((root) => [...root.querySelectorAll('img')]);
    await Promise.all(images.filter((img) => inView(img) && !img.complete).map((img) => img.decode().catch(() => {})));
    const finite = document.getAnimations().filter((a) => a.playState === 'running' && Number.isFinite(a.effect?.getComputedTiming().endTime));
    await Promise.all(finite.map((a) => a.finished.catch(() => {})));
  })();
  const unchanged = loaded.then(
    () =>
      new Promise<void>((resolve) => {
        let changed = false;
        const seen = new WeakSet<Node>();
        const observer = new MutationObserver(() => {
          changed = true;
        });
        const observeAll = () => {
          for (const root of roots()) {
            if (seen.has(root)) continue;
            seen.add(root);
            observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
          }
        };
        observeAll();
        const shape = () => `${document.documentElement.scrollHeight} ${scrollX} ${scrollY}`;
        let last = shape();
        let still = 0;
        const frame = () => {
          const now = shape();
          if (changed || now !== last) {
            still = 0;
            changed = false;
            last = now;
            observeAll(); // an element that rendered may have brought a shadow root of its own
          } else still++;
          if (still >= 2 || finished) {
            observer.disconnect();
            resolve();
          } else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
  );
  return Promise.race([unchanged, deadline]).finally(() => {
    finished = true; // a page that never went still stops being watched at the limit
    clearTimeout(timer);
  });
}

/** The next request of `page` to finish or fail, or `end` (a deadline, not a wait of its own). */
function nextSettled(page: Page, end: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      page.off('requestfinished', done);
      page.off('requestfailed', done);
      resolve();
    };
    const timer = setTimeout(done, Math.max(0, end - Date.now()));
    page.on('requestfinished', done);
    page.on('requestfailed', done);
  });
}

/** Pages that were still not still at the limit, with how often (printed by the visual suite at its end). */
export const neverStill = new Map<string, number>();
/** Counts `times` more waits at `url` that reached the limit (neverStill). */
export function noteNeverStill(url: string, times = 1): void {
  neverStill.set(url, (neverStill.get(url) ?? 0) + times);
}

/** Waits until `page` is still (above). */
export async function quiet(page: Page): Promise<void> {
  const end = Date.now() + QUIET_LIMIT_MS;
  for (;;) {
    while (pending(page) && Date.now() < end) await nextSettled(page, end);
    await page.evaluate(stillFrames, Math.max(0, end - Date.now()));
    // A request the still frames set off (an element that came into view) is waited for too.
    if (Date.now() >= end) noteNeverStill(page.url());
    if (!pending(page) || Date.now() >= end) return;
  }
}
