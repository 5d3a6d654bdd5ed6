/**
 * Modal viewer for a review's photos and videos. A native <dialog> opened with showModal(): the
 * browser makes the page inert, keeps focus inside and turns Esc into `cancel`; we add arrow keys and
 * hand focus back to the thumbnail that opened it. Listeners are native because React and preact
 * name the dialog's events differently. Imported by Reviews.tsx when a medium is first opened (hovering
 * or focusing a thumbnail preloads it).
 */
import { useEffect, useRef } from 'react';
import type { LightboxItem } from '../../ui/reviews/ReviewCard.tsx';
import iconButtonCss from './icon-button.css?inline';
import lightboxCss from './lightbox.css?inline';

/** The lightbox's rules, adopted into the shadow root with this module. */
export const css = [iconButtonCss, lightboxCss];

export function Lightbox({
  items,
  index,
  onIndex,
  onClose,
  opener,
}: {
  items: LightboxItem[];
  index: number;
  onIndex: (i: number) => void;
  onClose: () => void;
  opener: HTMLElement | null;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const item = items[index];
  const many = items.length > 1;
  const go = (delta: number) => onIndex((index + delta + items.length) % items.length);
  const live = useRef({ go, onClose, many });
  live.current = { go, onClose, many };

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    const onCancel = (e: Event) => {
      e.preventDefault();
      live.current.onClose();
    };
    const onKey = (e: KeyboardEvent) => {
      // Arrow keys on a focused video seek it; leave them to the video.
      if (!live.current.many || (e.target as HTMLElement).tagName === 'VIDEO') return;
      if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
        e.preventDefault();
        live.current.go(e.key === 'ArrowRight' ? 1 : -1);
      }
    };
    // A click on the dark surround (the dialog box itself, not its content) closes it.
    const onClick = (e: MouseEvent) => {
      if (e.target === d) live.current.onClose();
    };
    d.addEventListener('cancel', onCancel);
    d.addEventListener('keydown', onKey);
    d.addEventListener('click', onClick);
    if (!d.open) d.showModal();
    closeRef.current?.focus();
    return () => {
      d.removeEventListener('cancel', onCancel);
      d.removeEventListener('keydown', onKey);
      d.removeEventListener('click', onClick);
      if (d.open) d.close();
      // The opener sits in the same shadow root; it may be gone if the list reloaded meanwhile.
      if (opener?.isConnected) opener.focus();
    };
  }, [opener]);

  return (
    <dialog ref={ref} className="rv-lightbox" part="lightbox" aria-label={item.alt}>
      <figure className="rv-lightbox__figure">
        {item.video ? (
          <video key={item.src} src={item.src} controls playsInline className="rv-lightbox__media" aria-label={item.alt} />
        ) : (
          <img key={item.src} src={item.src} alt={item.alt} className="rv-lightbox__media" />
        )}
        {many ? (
          <figcaption className="rv-lightbox__count" aria-live="polite">
            {index + 1} / {items.length}
          </figcaption>
        ) : null}
      </figure>
      <button ref={closeRef} type="button" className="rv-lightbox__close rv-icon-btn" aria-label="Close" onClick={onClose}>
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M6 6l12 12M18 6L6 18" />
        </svg>
      </button>
      {many ? (
        <>
          <button type="button" className="rv-lightbox__prev rv-icon-btn" aria-label="Previous" onClick={() => go(-1)}>
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M15 5l-7 7 7 7" />
            </svg>
          </button>
          <button type="button" className="rv-lightbox__next rv-icon-btn" aria-label="Next" onClick={() => go(1)}>
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M9 5l7 7-7 7" />
            </svg>
          </button>
        </>
      ) : null}
    </dialog>
  );
}
