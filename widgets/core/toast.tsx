/**
 * Toasts, one region per element: a shadow root cannot place nodes in the page, so each widget
 * renders its own live region. Screen readers announce it (polite for news, assertive for failures).
 * Titles and descriptions come from shared/messages.ts: the spec's exact words.
 *
 * Always on top (issue #8): the region is a `popover="manual"`, so showPopover() puts it in the top
 * layer above sticky headers, fixed bars, the slide-out menu and any host page's z-index. A modal
 * dialog makes everything outside it inert, top layer included, so while a kyb modal is open the region
 * renders inside that dialog and shows itself again, above the dialog: visible, not greyed by the
 * backdrop, and its Dismiss buttons can be pressed (core/top-layer.ts).
 *
 * Never over what the visitor needs next (issue #23): the region sits at the bottom edge, or moves up to
 * the nearest band that covers neither the element's submit button, the focused control, an invalid
 * field nor any control in view (core/toast-place.ts).
 *
 * Page-level news only (issue #29): feedback on an action shows at its control (a "Copied ✓" on the
 * button, a status line in a dialog, the cart notification after Add to Cart), never here. A toast
 * never stacks on its own duplicate, and the region keeps clear of every control in view and of an open
 * modal dialog: it moves up the window, or to the side a dialog leaves free, and news is hidden while no
 * place is clear, its time running (core/toast-place.ts).
 *
 * Causes (issue #23): a toast may name what it is about (`cause: 'consent'`). A new toast with the same
 * cause takes the place of those shown (a success replaces the failure of the same action, a second
 * failure the first), and `toast({withdraw: cause})` takes them away once the visitor has fixed it (the
 * box ticked, a star chosen). Withdrawals travel the same way as toasts, so a queue that holds messages
 * until the region loads (kyb-reviews) carries both.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTopModal } from './top-layer.ts';
import { EDGE_GAP, avoidTargets, openModals, pickEdge, placeRegion, type Placement } from './toast-place.ts';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  /** What the toast is about: replaces the shown toasts of the same cause; withdrawn by `{withdraw}`. */
  cause?: string;
}
/** Takes away the toasts of a cause: what they asked for has been done. */
export interface ToastWithdrawal {
  withdraw: string;
}
export type ToastMessage = ToastInput | ToastWithdrawal;

interface ToastItem extends ToastInput {
  id: number;
}

let nextId = 1;
const DURATION_MS = 6000;

export function useToasts() {
  const [items, setItems] = useState<ToastItem[]>([]);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const dismiss = useCallback((id: number) => {
    setItems((xs) => xs.filter((x) => x.id !== id));
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
  }, []);
  const toast = useCallback(
    (m: ToastMessage) => {
      const cause = 'withdraw' in m ? m.withdraw : m.cause;
      const replaced = (x: ToastItem) => cause !== undefined && x.cause === cause;
      if ('withdraw' in m) {
        setItems((xs) => (xs.some(replaced) ? xs.filter((x) => !replaced(x)) : xs));
        return;
      }
      const id = nextId++;
      // The same words again take the place of those shown (issue #29: three "Copied" stacked).
      const same = (x: ToastItem) => x.title === m.title && x.description === m.description && x.variant === m.variant;
      setItems((xs) => [...xs.filter((x) => !replaced(x) && !same(x)).slice(-2), { ...m, id }]);
      // Its time runs while it is hidden under an open dialog too: news is for now, not for whenever the
      // dialog closes (and a step's own line in the dialog, not a toast, says what a step did).
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), DURATION_MS),
      );
    },
    [dismiss],
  );
  useEffect(() => () => timers.current.forEach((t) => clearTimeout(t)), []);
  const region = <Toaster items={items} dismiss={dismiss} />;
  return { toast, toasts: region, items };
}

function Toaster({ items, dismiss }: { items: ToastItem[]; dismiss: (id: number) => void }) {
  const polite = items.filter((t) => t.variant !== 'destructive');
  const urgent = items.filter((t) => t.variant === 'destructive');
  const modal = useTopModal();
  const ref = useRef<HTMLDivElement>(null);
  const place = useClearPlace(ref, items.map((t) => t.id).join(' '), urgent.length > 0, modal);
  const held = place === null;
  // Enter the top layer, and again whenever a modal opened or closed, or the page opened a popover of
  // its own (a slide-out menu): the newest shown is on top.
  useLayoutEffect(() => {
    const r = ref.current;
    if (!r?.isConnected || typeof r.showPopover !== 'function') return;
    const raise = () => {
      if (r.matches(':popover-open')) r.hidePopover();
      r.showPopover();
    };
    raise();
    const onToggle = (e: Event) => {
      const t = e.target as Element;
      if ((e as ToggleEvent).newState === 'open' && !t.classList?.contains('kyb-toasts')) raise();
    };
    document.addEventListener('toggle', onToggle, true);
    return () => document.removeEventListener('toggle', onToggle, true);
  }, [modal]);
  const region = (
    <div
      ref={ref}
      popover="manual"
      className="kyb-toasts"
      part="toasts"
      data-edge={place?.edge ?? 'bottom'}
      data-side={place?.side ?? 'right'}
      data-held={held ? '' : undefined}
      style={{ '--_toast-offset': `${place?.offset ?? EDGE_GAP}px` } as Record<string, string>}
    >
      <div role="status" aria-live="polite" aria-atomic="false">
        {polite.map((t) => (
          <Toast key={t.id} t={t} dismiss={dismiss} />
        ))}
      </div>
      <div role="alert" aria-live="assertive" aria-atomic="false">
        {urgent.map((t) => (
          <Toast key={t.id} t={t} dismiss={dismiss} />
        ))}
      </div>
    </div>
  );
  return modal ? createPortal(region, modal) : region;
}

const RIGHT_BOTTOM: Placement = { edge: 'bottom', side: 'right', offset: EDGE_GAP };

/**
 * Where the region shows while it holds toasts, or null while it is held (nowhere clear of an open
 * dialog, and no failure among them): chosen again on scroll, resize, focus changes and a modal's
 * opening, closing or sliding in (one frame later, once layout has settled), so it keeps clear of what
 * the visitor is about to use.
 */
function useClearPlace(ref: { current: HTMLElement | null }, shown: string, failure: boolean, modal: HTMLDialogElement | null): Placement | null {
  const [placement, setPlacement] = useState<Placement | null>(RIGHT_BOTTOM);
  useLayoutEffect(() => {
    const region = ref.current;
    if (!region || !shown) return;
    let frame = 0;
    const place = () => {
      frame = 0;
      const r = region.getBoundingClientRect();
      const targets = avoidTargets(region);
      setPlacement((now) => {
        const current = now ?? RIGHT_BOTTOM;
        const clear = placeRegion(current, r, { width: innerWidth, height: innerHeight }, targets, openModals());
        // A failure is about what was just tried: it shows, at the edge that covers least.
        return clear ?? (failure ? { edge: pickEdge(current.edge, r, innerHeight, targets), side: 'right', offset: EDGE_GAP } : null);
      });
    };
    const later = () => {
      frame ||= requestAnimationFrame(place);
    };
    place();
    // A focus move that scrolls (the rating, after "Rating required") is seen by the scroll listener.
    addEventListener('scroll', later, { passive: true, capture: true });
    addEventListener('resize', later);
    document.addEventListener('focusin', later);
    modal?.addEventListener('transitionend', later);
    return () => {
      modal?.removeEventListener('transitionend', later);
      cancelAnimationFrame(frame);
      removeEventListener('scroll', later, { capture: true });
      removeEventListener('resize', later);
      document.removeEventListener('focusin', later);
    };
  }, [shown, failure, modal]);
  return placement;
}

function Toast({ t, dismiss }: { t: ToastItem; dismiss: (id: number) => void }) {
  return (
    <div className={`kyb-toast${t.variant === 'destructive' ? ' kyb-toast--destructive' : ''}`} part="toast" data-variant={t.variant ?? 'default'}>
      <span className="kyb-toast__title">{t.title}</span>
      {t.description ? <span className="kyb-toast__description">{t.description}</span> : null}
      <button type="button" className="kyb-toast__close" aria-label="Dismiss notification" onClick={() => dismiss(t.id)}>
        ×
      </button>
    </div>
  );
}
