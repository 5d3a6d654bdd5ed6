/**
 * Layout invariants, checked inside the page (issue #8). One function, passed to page.evaluate, so it
 * must be self-contained: no imports and no named inner functions outside its body (tsx would wrap
 * them in a helper the page does not have). Returns one line per problem.
 *
 * - no horizontal overflow;
 * - the header's height within a bound (routes only);
 * - no fixed or sticky element covering any part of a link or control (called at the top, at the end,
 *   and at the offsets `coverOffsets` picks in between), nor text on the first screen or at the end
 *   (where the visitor cannot scroll it out from under);
 * - no clipped text: a box that hides overflowing text without an ellipsis or a line clamp;
 * - star fill in proportion to the rating ("Rated 4 out of 5" fills 80 %);
 * - every toast shown is hit-testable at its centre (above dialogs and their backdrops);
 * - a toast overlaps no interactive element in view and no open dialog's content (issue #29), at the top,
 *   the end and while scrolling;
 * - while a toast shows, every form's primary action in view is hit-testable (issue #23: "Consent
 *   Required" lay over Join the Circle on a phone, and a tap meant for the button hit the toast);
 * - no text cut off inside a scroll container without a visible cue that it scrolls (issue #23: the Jah
 *   Locs price table at 390 px read "(1.2-1.5" with nothing saying there was more);
 * - no heading shown twice in a row (the page's h1 and an element's own heading saying the same);
 * - no read-only field whose value is cut off without an ellipsis (the account's e-mail at 320 px);
 * - no button whose label breaks with one word alone on its last line ("Join the Waiting / List" in a
 *   catalog card at 1280 px);
 * - no line that starts or ends with a separating dot ("· 6 min read" under a blog date at 390 px,
 *   "Human/synthetic blend ·" over "handmade" at 320 px);
 * - every element button's label readable against its button: WCAG AA contrast, 4.5:1 (3:1 for large
 *   text), disabled ones included (issue #8: kyb-newsletter's and kyb-vault's faded submit at ~2.5:1).
 */
export interface InvariantOptions {
  /** Largest header height in CSS px; null where there is no site header (element states). */
  headerMax: number | null;
  /** Only the covering check (at the end of the page, where the rest was already checked). */
  coveringOnly?: boolean;
  /**
   * Instead of problems, up to this many scroll offsets worth a covering check between the top and the
   * end of the page, as strings (issue #8: the floating DM button sat on links mid-scroll, where neither
   * the top nor the end check looked). Rather than sampling blindly, it works out where each control
   * would pass under each fixed element now shown (a control with any part in the element's columns
   * comes under it at one offset) and spreads the picks over the page; the covering check at each has
   * the last word (hit testing; toasts and inert content excepted).
   */
  coverOffsets?: number;
}

export function layoutProblems(opts: InvariantOptions): string[] {
  const out: string[] = [];
  const doc = document.documentElement;
  const CONTROLS = 'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="tab"]';
  const describe = (e: Element) => {
    const text = (e.getAttribute('aria-label') || e.textContent || '').replace(/\s+/g, ' ').trim().slice(0, 40);
    const part = e.getAttribute('part');
    return `${e.localName}${part ? `[part="${part}"]` : e.className && typeof e.className === 'string' ? `.${e.className.split(' ')[0]}` : ''}${text ? ` "${text}"` : ''}`;
  };
  // Every element, light DOM and open shadow roots.
  const all: Element[] = [];
  const roots: (Document | ShadowRoot)[] = [document];
  while (roots.length) {
    for (const e of roots.pop()!.querySelectorAll('*')) {
      all.push(e);
      if (e.shadowRoot) roots.push(e.shadowRoot);
    }
  }
  if (opts.coverOffsets) {
    const max = doc.scrollHeight - innerHeight;
    const boxes = all
      .filter((e) => getComputedStyle(e).position === 'fixed' && !e.closest('[part~="toast"], [part~="toasts"], dialog'))
      .map((e) => e.getBoundingClientRect())
      .filter((r) => r.width > 0 && r.height > 0 && r.width < innerWidth * 0.9 && r.bottom > 0 && r.top < innerHeight);
    const found = new Set<number>();
    for (const e of all) {
      if (max <= 1 || !e.matches(CONTROLS)) continue;
      const r = e.getBoundingClientRect();
      if (!r.width || !r.height) continue;
      const docY = r.top + r.height / 2 + scrollY;
      for (const b of boxes) {
        const s = Math.round(docY - (b.top + b.bottom) / 2);
        // Any part of the control in the element's columns (more than a few px: a shadow's overlap).
        if (Math.min(r.right, b.right) - Math.max(r.left, b.left) > 4 && s > 0 && s < max) found.add(Math.round(s / 8) * 8);
      }
    }
    const list = [...found].sort((a, b) => a - b);
    const n = Math.min(opts.coverOffsets, list.length);
    return Array.from({ length: n }, (_, i) => String(list[Math.floor(((i + 0.5) * list.length) / n)]));
  }
  const parentOf = (n: Node): Node | null => (n.parentNode instanceof ShadowRoot ? n.parentNode.host : n.parentNode);
  const composedContains = (a: Node, b: Node | null) => {
    for (let n: Node | null = b; n; n = parentOf(n)) if (n === a) return true;
    return false;
  };
  const deepHit = (x: number, y: number): Element | null => {
    let hit = document.elementFromPoint(x, y);
    while (hit?.shadowRoot) {
      const inner = hit.shadowRoot.elementFromPoint(x, y);
      if (!inner || inner === hit) break;
      hit = inner;
    }
    return hit;
  };
  const shown = (e: Element) => {
    const r = e.getBoundingClientRect();
    const cs = getComputedStyle(e);
    return r.width > 0 && r.height > 0 && cs.visibility !== 'hidden' && cs.opacity !== '0';
  };

  // 1. sideways scrolling
  const over = doc.scrollWidth - doc.clientWidth;
  if (over > 0) out.push(`the page scrolls sideways by ${over}px`);

  // 2. header height
  const header = document.querySelector('.site-header');
  if (opts.headerMax !== null && header) {
    const h = header.getBoundingClientRect().height;
    if (h > opts.headerMax) out.push(`header ${Math.round(h)}px tall (max ${opts.headerMax})`);
  }

  // 3. fixed or sticky things covering any part of a link or control fully in view, or text on the first
  // screen and at the end of the page (issue #8: the DM button half over a carousel's "next" arrow at
  // 768 px, whose centre stayed clear, and over the end of a FAQ card's text on arrival).
  const pinned = (n: Node | null): Element | null => {
    for (let e: Node | null = n; e; e = parentOf(e)) {
      if (e instanceof Element && /^(fixed|sticky)$/.test(getComputedStyle(e).position)) return e;
    }
    return null;
  };
  const top = header ? header.getBoundingClientRect().bottom : 0;
  const atTop = scrollY <= 0;
  const atEnd = scrollY + innerHeight >= doc.scrollHeight - 1;
  /** Overlaps under this many px either way are a shadow's or a rounding's, not a covering. */
  const TOL = 4;
  // What may cover: fixed and sticky boxes in view (toasts float above everything on purpose).
  const coverers = all
    // Nor does a non-modal dialog the visitor just opened and closes with any tap elsewhere (the cart
    // notification, widgets/cart/Notice.tsx): it lies over the page on purpose, and the tap meant for
    // what is under it closes it and goes through.
    .filter(
      (e) => /^(fixed|sticky)$/.test(getComputedStyle(e).position) && shown(e) && !e.closest('[part~="toast"], [part~="toasts"], [role="dialog"][aria-modal="false"]:popover-open'),
    )
    .map((e) => ({ e, r: e.getBoundingClientRect() }))
    .filter(({ r }) => r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth);
  /**
   * The pinned element on top somewhere in `box` (where a coverer's box overlaps it by more than TOL):
   * hit tests at the overlap's centre and inset corners. A full-width bar counts only where the visitor
   * cannot scroll what it hides out from under it: a bar at the top on the first screen, one at the
   * bottom at the end of the page. A floating button in the content's column counts anywhere.
   */
  const coveredBy = (box: DOMRect, owner: Element, ownerPinned: boolean): Element | null => {
    for (const { e: c, r } of coverers) {
      if (composedContains(c, owner) || composedContains(owner, c)) continue;
      const left = Math.max(box.left, r.left);
      const right = Math.min(box.right, r.right);
      const y0 = Math.max(box.top, r.top);
      const y1 = Math.min(box.bottom, r.bottom);
      if (right - left <= TOL || y1 - y0 <= TOL) continue;
      const points = [
        [(left + right) / 2, (y0 + y1) / 2],
        [left + 2, y0 + 2],
        [right - 2, y0 + 2],
        [left + 2, y1 - 2],
        [right - 2, y1 - 2],
      ];
      for (const [x, y] of points) {
        const hit = deepHit(x, y);
        if (!hit || composedContains(owner, hit) || composedContains(hit, owner) || hit.closest('[part~="toast"]')) continue;
        const cover = pinned(hit);
        if (!cover || composedContains(cover, owner)) continue;
        const cr = cover.getBoundingClientRect();
        if (!ownerPinned && cr.width >= innerWidth * 0.9) {
          const atTheTop = (cr.top + cr.bottom) / 2 < innerHeight / 2;
          if (atTheTop ? !atTop : !atEnd) continue;
        }
        return cover;
      }
    }
    return null;
  };
  // With a modal dialog open the rest of the page is inert: only the dialog's controls must be reachable.
  const modals = all.filter((e) => e.localName === 'dialog' && e.matches(':modal'));
  for (const e of all) {
    if (!e.matches(CONTROLS)) continue;
    if (!shown(e)) continue;
    if (modals.length && !modals.some((m) => composedContains(m, e))) continue;
    const r = e.getBoundingClientRect();
    if (r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth) continue;
    // Scrolled under the sticky header: scroll back to reach it. So is a sticky bar its section is
    // pushing out at the section's end (above its own sticking point: the planner's in-page nav); one
    // that sticks under the header, or a fixed one, stays a problem.
    const pin = pinned(e);
    const pushedOut = pin !== null && getComputedStyle(pin).position === 'sticky' && pin.getBoundingClientRect().top < (parseFloat(getComputedStyle(pin).top) || 0) - 1;
    if (r.top < top && (pin === null || pushedOut)) continue;
    const cover = coveredBy(r, e, pin !== null && !pushedOut);
    if (cover) out.push(`${describe(e)} covered by ${describe(cover)}`);
  }
  // Text, line by line, where the visitor cannot scroll it out from under: the first screen and the end.
  if ((atTop || atEnd) && coverers.length) {
    const reported = new Set<Element>();
    const walkRoots: (Document | ShadowRoot)[] = [document, ...all.filter((e) => e.shadowRoot).map((e) => e.shadowRoot!)];
    for (const root of walkRoots) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const owner = n.parentElement;
        if (!owner || reported.has(owner) || !(n.textContent ?? '').trim()) continue;
        if (owner.closest('script, style, template, noscript, [part~="toast"]') || !shown(owner)) continue;
        if (modals.length && !modals.some((m) => composedContains(m, owner))) continue;
        const ob = owner.getBoundingClientRect();
        if (!coverers.some(({ r }) => ob.left < r.right && ob.right > r.left && ob.top < r.bottom && ob.bottom > r.top)) continue;
        const range = document.createRange();
        range.selectNodeContents(n);
        const ownerPin = pinned(owner);
        for (const line of range.getClientRects()) {
          if (line.bottom <= top && !ownerPin) continue;
          const cover = coveredBy(line, owner, ownerPin !== null);
          if (cover) {
            out.push(`text "${(n.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40)}" (${owner.localName}) covered by ${describe(cover)}`);
            reported.add(owner);
            break;
          }
        }
      }
    }
  }

  // Toasts leave every form's primary action usable: with a toast on screen, each form's submit button in
  // view answers a tap at its centre and at its inset corners (checked at the top, at the end and while
  // scrolling, wherever a toast still shows).
  if (all.some((e) => e.matches('[part~="toast"]') && shown(e))) {
    for (const form of all) {
      if (form.localName !== 'form' || !shown(form)) continue;
      if (modals.length && !modals.some((m) => composedContains(m, form))) continue;
      const primary = form.querySelector('button[type="submit"], input[type="submit"]');
      if (!primary || !shown(primary)) continue;
      const r = primary.getBoundingClientRect();
      if (r.top < top || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth) continue;
      const points = [
        // The middle, and the middles of the four sides inset: inside a pill's rounded ends too.
        [r.left + r.width / 2, r.top + r.height / 2],
        [r.left + Math.min(r.height / 2, r.width / 4), r.top + r.height / 2],
        [r.right - Math.min(r.height / 2, r.width / 4), r.top + r.height / 2],
        [r.left + r.width / 2, r.top + 3],
        [r.left + r.width / 2, r.bottom - 3],
      ];
      for (const [x, y] of points) {
        const hit = deepHit(x, y);
        if (hit && composedContains(primary, hit)) continue;
        const cover = hit ? (hit.closest('[part~="toast"]') ?? hit) : null;
        out.push(`primary action ${describe(primary)} covered by ${cover ? describe(cover) : 'nothing'} while a toast shows`);
        break;
      }
    }
  }

  // Toasts are page-level news and never lie over what the visitor uses (issue #29: "Added to cart" on
  // the deposit note and the drawer's Continue shopping, "Copied" on the embed builder's next control,
  // a dialog's hint): a shown toast's box overlaps no interactive element in view outside it (its own
  // Dismiss excepted) and no part of an open dialog's content. Boxes, not hit tests: a toast half over
  // a button hides its label even where the tap still lands.
  for (const t of all) {
    if (!t.matches('[part~="toast"]') || !shown(t)) continue;
    const tr = t.getBoundingClientRect();
    const hits = (r: DOMRect) => Math.min(tr.right, r.right) - Math.max(tr.left, r.left) > TOL && Math.min(tr.bottom, r.bottom) - Math.max(tr.top, r.top) > TOL;
    const toastName = describe(t.querySelector('.kyb-toast__title') ?? t);
    for (const e of all) {
      if (!e.matches(CONTROLS) || !shown(e) || composedContains(t, e) || e.closest('[inert]')) continue;
      if (modals.length && !modals.some((m) => composedContains(m, e))) continue;
      if (hits(e.getBoundingClientRect())) out.push(`toast ${toastName} overlaps ${describe(e)}`);
    }
    for (const m of all) {
      if (m.localName !== 'dialog' || !(m as HTMLDialogElement).open || !shown(m)) continue;
      // A toast the dialog hosts (core/top-layer.ts) is checked against the dialog's own content.
      const content = composedContains(m, t) ? [...m.children].filter((c) => !composedContains(c, t) && shown(c)) : [m];
      if (content.some((c) => hits(c.getBoundingClientRect()))) out.push(`toast ${toastName} overlaps the content of ${describe(m)}`);
    }
  }

  if (opts.coveringOnly) return out;

  // 4. clipped text
  for (const e of all) {
    if (!(e instanceof HTMLElement) || !shown(e)) continue;
    const cs = getComputedStyle(e);
    const hidesX = cs.overflowX === 'hidden' || cs.overflowX === 'clip';
    const hidesY = cs.overflowY === 'hidden' || cs.overflowY === 'clip';
    if (!hidesX && !hidesY) continue;
    const r = e.getBoundingClientRect();
    if (r.width <= 2 || r.height <= 2) continue; // visually-hidden text for screen readers
    const hasText = [...e.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim());
    if (!hasText) continue;
    if (hidesX && e.scrollWidth > e.clientWidth + 1 && cs.textOverflow !== 'ellipsis') out.push(`text cut off sideways: ${describe(e)}`);
    else if (hidesY && e.scrollHeight > e.clientHeight + 2 && cs.webkitLineClamp === 'none' && cs.textOverflow !== 'ellipsis') out.push(`text cut off below: ${describe(e)}`);
  }

  // Text cut off by a scroll container shows that there is more: a shadow or fade at the edge (a gradient
  // drawn as the container's background or mask, or by its ::before / ::after), or a scrollbar that takes
  // room. Phones draw no scrollbar until the visitor scrolls, so a table's column cut at the edge, with
  // nothing else, reads as the whole table (issue #23). Overlay scrollbars take no room, so they do not count.
  for (const e of all) {
    if (!(e instanceof HTMLElement) || e === doc || e === document.body || !shown(e)) continue;
    const cs = getComputedStyle(e);
    const scrollsX = /^(auto|scroll)$/.test(cs.overflowX) && e.scrollWidth > e.clientWidth + 1;
    const scrollsY = /^(auto|scroll)$/.test(cs.overflowY) && e.scrollHeight > e.clientHeight + 1;
    if (!scrollsX && !scrollsY) continue;
    const box = e.getBoundingClientRect();
    const view = { left: box.left + e.clientLeft, top: box.top + e.clientTop, right: box.left + e.clientLeft + e.clientWidth, bottom: box.top + e.clientTop + e.clientHeight };
    let cut = '';
    const walker = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n && !cut; n = walker.nextNode()) {
      const owner = n.parentElement;
      if (!owner || !(n.textContent ?? '').trim() || !shown(owner)) continue;
      const ob = owner.getBoundingClientRect();
      if (ob.width <= 2 || ob.height <= 2) continue; // visually-hidden text for screen readers
      const range = document.createRange();
      range.selectNodeContents(n);
      for (const line of range.getClientRects()) {
        if (line.width < 1) continue;
        const outX = scrollsX && (line.right > view.right + 1 || line.left < view.left - 1);
        const outY = scrollsY && (line.bottom > view.bottom + 1 || line.top < view.top - 1);
        if (outX || outY) {
          cut = (n.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 30);
          break;
        }
      }
    }
    if (!cut) continue;
    const paints = (st: CSSStyleDeclaration) =>
      /gradient/.test(st.backgroundImage) || /gradient/.test(st.getPropertyValue('mask-image')) || /gradient/.test(st.getPropertyValue('-webkit-mask-image'));
    const pseudo = ['::before', '::after'].some((p) => {
      const st = getComputedStyle(e, p);
      return st.content !== 'none' && st.content !== 'normal' && st.display !== 'none' && paints(st);
    });
    const bw = (side: string) => parseFloat(cs.getPropertyValue(`border-${side}-width`)) || 0;
    const bar = (scrollsX && e.offsetHeight - e.clientHeight - bw('top') - bw('bottom') > 0) || (scrollsY && e.offsetWidth - e.clientWidth - bw('left') - bw('right') > 0);
    if (!paints(cs) && !pseudo && !bar) out.push(`text cut off by a scroll container with no cue that it scrolls: ${describe(e)} ("${cut}")`);
  }

  // Read-only text fields (a value the visitor cannot scroll through by editing it): a value wider than
  // its box ends in an ellipsis.
  for (const e of all) {
    if (!(e instanceof HTMLInputElement) || !(e.readOnly || e.disabled) || !/^(text|email|url|search|tel)$/.test(e.type) || !e.value || !shown(e)) continue;
    if (e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).textOverflow !== 'ellipsis' && e !== document.activeElement) {
      out.push(`field value cut off without an ellipsis: ${describe(e)} "${e.value.slice(0, 30)}"`);
    }
  }

  // The same heading twice, one near the other (a page's h1 and an element's own heading below it).
  const headings = new Map<string, number[]>();
  for (const e of all) {
    if (!/^h[1-4]$/.test(e.localName) || !shown(e)) continue;
    const r = e.getBoundingClientRect();
    if (r.width <= 2 || r.height <= 2) continue;
    const text = (e.textContent ?? '').replace(/\s+/g, ' ').trim().toLowerCase();
    if (!text) continue;
    const tops = headings.get(text) ?? [];
    if (tops.some((t) => Math.abs(t - r.top) < 400)) out.push(`heading "${e.textContent?.trim()}" shown twice`);
    headings.set(text, [...tops, r.top]);
  }

  // A button's label that wraps leaves more than a single word on its last line. Words are measured one
  // by one (a Range per word); text inside a visually-hidden span (" (opens in a new tab)") is skipped.
  for (const e of all) {
    if (!e.matches('button, .btn, .kyb-btn, [role="button"], [role="tab"]') || !shown(e)) continue;
    // A card-like choice (a title over a description, two blocks of visible text) is multi-line by design.
    const blocks = [...e.querySelectorAll('*')].filter(
      (c) => /^(block|flex|grid)$/.test(getComputedStyle(c).display) && c.getBoundingClientRect().width > 2 && (c.textContent ?? '').trim(),
    );
    if (blocks.length >= 2) continue;
    const words: DOMRect[] = [];
    const walker = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const box = n.parentElement?.getBoundingClientRect();
      if (!box || box.width <= 2 || box.height <= 2) continue;
      for (const m of (n.textContent ?? '').matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(n, m.index);
        range.setEnd(n, m.index + m[0].length);
        const r = range.getClientRects()[0];
        if (r) words.push(r);
      }
    }
    if (words.length < 2) continue;
    // On one line when their boxes overlap vertically (a count badge beside a label sits a little lower).
    const [a, b] = words.slice(-2);
    if (b.top >= a.bottom - 1 || a.top >= b.bottom - 1) out.push(`button label ends with one word on a line of its own: ${describe(e)}`);
  }

  // A separating " · " stays on the line of what it follows and of what follows it: a line neither
  // starts nor ends with it.
  for (const e of all) {
    if (!(e instanceof HTMLElement) || !/^(p|li|dd|figcaption|h[1-6])$/.test(e.localName) || !e.textContent?.includes('·') || !shown(e)) continue;
    const walker = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      for (const m of (n.textContent ?? '').matchAll(/·/g)) {
        const dot = document.createRange();
        dot.setStart(n, m.index);
        dot.setEnd(n, m.index + 1);
        const before = document.createRange();
        before.setStart(e, 0);
        before.setEnd(n, m.index);
        const d = dot.getClientRects()[0];
        const lines = [...before.getClientRects()].filter((r) => r.width > 1);
        const prev = lines[lines.length - 1];
        if (d && prev && d.top >= prev.bottom - 1) out.push(`a line starts with "·": ${describe(e)}`);
        // Nor does it end a line: the first visible character after it sits on the dot's line
        // ("Human/synthetic blend ·" / "handmade" at 320 px).
        let next: DOMRect | undefined;
        const after = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
        after.currentNode = n;
        for (let t: Node | null = n, from = m.index + 1; t && !next; t = after.nextNode(), from = 0) {
          const s = t.textContent ?? '';
          for (let i = from; i < s.length && !next; i++) {
            if (/\s/.test(s[i])) continue;
            const c = document.createRange();
            c.setStart(t, i);
            c.setEnd(t, i + 1);
            const r = c.getClientRects()[0];
            if (r && r.width > 0) next = r;
          }
        }
        if (d && next && next.top >= d.bottom - 1) out.push(`a line ends with "·": ${describe(e)}`);
      }
    }
  }

  // Button labels against their buttons (inside the elements' shadow roots: the kyb- buttons). Colours are
  // composited as painted: the label over the button's background over the first background behind it,
  // then the opacity of the button and its ancestors over the page. A background image (a gradient) is
  // not measured.
  const rgba = (c: string): number[] | null => {
    const m = /rgba?\(([\d.]+)[, ]+([\d.]+)[, ]+([\d.]+)(?:[, /]+([\d.]+%?))?\)/.exec(c);
    if (!m) return null;
    const a = m[4] === undefined ? 1 : m[4].endsWith('%') ? parseFloat(m[4]) / 100 : parseFloat(m[4]);
    return [Number(m[1]), Number(m[2]), Number(m[3]), a];
  };
  const blend = (top: number[], under: number[]) => [0, 1, 2].map((i) => top[i] * top[3] + under[i] * (1 - top[3])).concat(1);
  const luminance = (c: number[]) => {
    const [r, g, b] = c.slice(0, 3).map((v) => {
      const x = v / 255;
      return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  for (const e of all) {
    if (!e.matches('button, .kyb-btn, [role="button"]') || !(e.getRootNode() instanceof ShadowRoot) || !shown(e)) continue;
    if (!(e.textContent ?? '').trim() || e.getBoundingClientRect().width <= 2) continue;
    const cs = getComputedStyle(e);
    if (cs.backgroundImage !== 'none') continue;
    // What is behind the button: the nearest ancestor with a background, blended down to the page's.
    const behind: number[][] = [];
    let opacity = Number(cs.opacity);
    let measurable = true;
    for (let n: Node | null = parentOf(e); n instanceof Element; n = parentOf(n)) {
      const ncs = getComputedStyle(n);
      opacity *= Number(ncs.opacity);
      if (ncs.backgroundImage !== 'none') measurable = false;
      const bg = rgba(ncs.backgroundColor);
      if (bg && bg[3] > 0) behind.push(bg);
      if (bg && bg[3] >= 1) break;
    }
    if (!measurable) continue;
    let page = [255, 255, 255, 1];
    for (const bg of behind.reverse()) page = blend(bg, page);
    const [own, ink] = [rgba(cs.backgroundColor), rgba(cs.color)];
    if (!own || !ink) continue; // a colour space this does not read (oklch, color-mix): not measured
    const face = blend(own, page);
    const label = blend(ink, face);
    const [fg, bgc] = [blend([...label.slice(0, 3), opacity], page), blend([...face.slice(0, 3), opacity], page)];
    const [l1, l2] = [luminance(fg), luminance(bgc)].sort((a, b) => b - a);
    const ratio = (l1 + 0.05) / (l2 + 0.05);
    const size = parseFloat(cs.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(cs.fontWeight) >= 700);
    if (ratio < (large ? 3 : 4.5)) out.push(`button label contrast ${ratio.toFixed(2)}:1 (want ${large ? 3 : 4.5}:1): ${describe(e)}`);
  }

  // 5. stars in proportion to the rating
  for (const e of all) {
    if (!e.matches('[role="img"][aria-label]')) continue;
    const m = /(\d+(?:\.\d+)?) out of (\d+)/.exec(e.getAttribute('aria-label') ?? '');
    const fill = e.querySelector('[class*="fill"]');
    if (!m || !fill || !shown(e)) continue;
    const base = (e.querySelector('[class*="base"]') ?? e).getBoundingClientRect().width;
    const want = Number(m[1]) / Number(m[2]);
    const got = fill.getBoundingClientRect().width / base;
    if (Math.abs(got - want) > 0.04) out.push(`"${e.getAttribute('aria-label')}" fills ${Math.round(got * 100)}% (want ${Math.round(want * 100)}%)`);
  }

  // 6. toasts on top
  for (const e of all) {
    if (!e.matches('[part~="toast"]') || !shown(e)) continue;
    const r = e.getBoundingClientRect();
    const hit = deepHit(r.left + r.width / 2, r.top + r.height / 2);
    if (!hit || !composedContains(e, hit)) out.push(`toast ${describe(e)} is under ${hit ? describe(hit) : 'nothing'}`);
  }
  return out;
}

/** The focused element (through open shadow roots) and whether its focus ring shows. */
export function focusProblem(): string | null {
  let a: Element | null = document.activeElement;
  while (a?.shadowRoot?.activeElement) a = a.shadowRoot.activeElement;
  if (!a || a === document.body) return null; // nothing focusable on this page
  const cs = getComputedStyle(a);
  const ring = (cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) > 0) || cs.boxShadow !== 'none';
  return ring ? null : `no visible focus on ${a.localName} "${(a.textContent ?? '').trim().slice(0, 30)}"`;
}
