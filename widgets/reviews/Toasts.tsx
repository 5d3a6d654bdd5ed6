/**
 * The element's notification region (widgets/core/toast.tsx), loaded when something may have to be
 * announced (the visitor reaches for Write Review, or a message is already waiting), not before the
 * list shows. Reviews.tsx queues messages until the region is bound.
 */
import { useEffect } from 'react';
import { useToasts, type ToastMessage } from '../core/toast.tsx';
import { CONTROLS_TEXT } from './controls.ts';

export { MESSAGES } from '../core/domain.ts';
/** The toast rules (core/controls.css), adopted with the region: the list's first view shows no toast. */
export const css = CONTROLS_TEXT;
/** Events the element dispatches only after an action: from here, not from the list's chunk. */
export { emit } from '../core/events.ts';

/** Where the element leaves messages: queued until the region takes them, then sent straight in. */
export interface ToastBox {
  queue: ToastMessage[];
  send?: (t: ToastMessage) => void;
}

/**
 * A live region announces what changes in it, not what it holds when it appears: the empty region
 * gets this long to enter the accessibility tree before the first (queued) message goes in.
 */
const SETTLE_MS = 100;

export function ReviewToasts({ box }: { box: ToastBox }) {
  const { toast, toasts } = useToasts();
  useEffect(() => {
    const t = setTimeout(() => {
      box.send = toast;
      box.queue.splice(0).forEach(toast);
    }, SETTLE_MS);
    return () => {
      clearTimeout(t);
      box.send = undefined;
    };
  }, [box, toast]);
  return toasts;
}
