/**
 * `<Modal open onClose labelledBy part? className?>…</Modal>`: an accessible modal on the native
 * `<dialog>` opened with showModal(): the rest of the page becomes inert (focus stays inside), Esc
 * closes it, focus returns to the opener, and it sits in the top layer above any host-page stacking
 * context (a shadow root cannot escape its host's z-index otherwise). A click on the backdrop closes
 * it too. Initial focus: the element with `data-autofocus`, else the first field.
 */
import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { modalClosed, modalOpened } from './top-layer.ts';

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  /** id of the element holding the dialog's title. */
  labelledBy: string;
  describedBy?: string;
  part?: string;
  className?: string;
  children: ReactNode;
}

export function Modal({ open, onClose, labelledBy, describedBy, part = 'dialog', className, children }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const openRef = useRef(open);
  openRef.current = open;
  /** Our own close() is in flight: its queued `close` event is not the visitor closing the dialog. */
  const selfClosing = useRef(false);
  // A layout effect, so the <dialog> opens and closes in the same commit as the state: with a passive
  // effect a queued `close` event could land between a reopen's render and its showModal() and be
  // taken for the visitor closing the dialog again (seen as a flaky "dialog does not reopen").
  useLayoutEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      d.showModal();
      // showModal() focuses the first focusable (the close button); a form's first field is the better
      // start, and React's autoFocus does not survive showModal.
      (d.querySelector<HTMLElement>('[data-autofocus]') ?? d.querySelector<HTMLElement>('input:not([type="hidden"]), select, textarea'))?.focus();
      // Toast regions follow the topmost modal (core/top-layer.ts): the rest of the page is inert now.
      modalOpened(d);
    } else if (!open && d.open) {
      selfClosing.current = true;
      d.close();
      modalClosed(d);
    }
  }, [open]);
  useLayoutEffect(() => {
    const d = ref.current;
    return () => {
      if (d) modalClosed(d);
    };
  }, []);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    // Native listeners: React and preact name these events differently, the DOM does not.
    // `close` is queued as a task: report only a close the visitor made (Esc, backdrop) while the state
    // still says open — not our own close(), nor a stale event arriving after a quick reopen.
    const close = () => {
      modalClosed(d);
      if (selfClosing.current) {
        selfClosing.current = false;
        return;
      }
      if (openRef.current && !d.open) onCloseRef.current();
    };
    const backdrop = (e: MouseEvent) => {
      if (e.target === d) d.close();
    };
    d.addEventListener('close', close);
    d.addEventListener('click', backdrop);
    return () => {
      d.removeEventListener('close', close);
      d.removeEventListener('click', backdrop);
    };
  }, []);
  return (
    <dialog ref={ref} className={`kyb-dialog${className ? ` ${className}` : ''}`} part={part} aria-labelledby={labelledBy} aria-describedby={describedBy}>
      <div className="kyb-dialog__body">{children}</div>
    </dialog>
  );
}
