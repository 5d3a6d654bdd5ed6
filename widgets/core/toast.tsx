/**
 * Toasts, one region per element: a shadow root cannot place nodes in the page, so each widget
 * renders its own live region. Screen readers announce it (polite for news, assertive for failures).
 * Titles and descriptions come from widgets/core/messages.ts: the spec's exact words.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

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
  return (
    <div className="kyb-toasts" part="toasts">
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
