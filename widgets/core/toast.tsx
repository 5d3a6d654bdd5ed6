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
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTopModal } from './top-layer.ts';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}
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
    (t: ToastInput) => {
      const id = nextId++;
      setItems((xs) => [...xs.slice(-2), { ...t, id }]);
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
    <div ref={ref} popover="manual" className="kyb-toasts" part="toasts">
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
