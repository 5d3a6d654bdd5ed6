/**
 * Which kyb modal is on top, page-wide (issue #8: toasts hid behind the sign-in dialog).
 *
 * A modal `<dialog>` makes everything outside it inert, even a popover shown above it in the top layer:
 * a toast region outside the dialog is drawn under the backdrop and cannot be clicked. So toast regions
 * follow the topmost open modal (they render into it) and show themselves again above it.
 *
 * API
 * - `modalOpened(dialog)` / `modalClosed(dialog)`: called by core/dialog.tsx after showModal() / close().
 * - `useTopModal()`: the topmost open kyb modal, or null; re-renders when it changes.
 *
 * Kept with `pageWide()` so two copies of the bundle on one page see the same stack.
 */
import { useEffect, useState } from 'react';
import { pageWide } from './registry.ts';

interface Stack {
  open: HTMLDialogElement[];
  subs: Set<() => void>;
}
const stack = () => pageWide<Stack>('modals', () => ({ open: [], subs: new Set() }));
const top = () => stack().open.at(-1) ?? null;
const notify = () => stack().subs.forEach((f) => f());

export function modalOpened(d: HTMLDialogElement): void {
  const s = stack();
  s.open = [...s.open.filter((x) => x !== d), d];
  notify();
}

export function modalClosed(d: HTMLDialogElement): void {
  const s = stack();
  if (!s.open.includes(d)) return;
  s.open = s.open.filter((x) => x !== d);
  notify();
}

export function useTopModal(): HTMLDialogElement | null {
  const [modal, setModal] = useState(top);
  useEffect(() => {
    const s = stack();
    const update = () => setModal(top());
    s.subs.add(update);
    update();
    return () => {
      s.subs.delete(update);
    };
  }, []);
  return modal;
}
