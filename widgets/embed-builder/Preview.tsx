/**
 * A live preview of the embed at one width: the real /embed page of this site in an iframe laid out
 * `width` px wide, scaled down to the column it sits in, and as tall as the page reports
 * (widgets/embed/message.ts), the way the resizer sizes it on a host page. Behind it the page colour
 * the look is meant for, since an embed's background is transparent.
 */
import { useEffect, useRef, useState } from 'react';
import { embedHeight, embedReady } from '../embed/message.ts';

export interface PreviewProps {
  /** The /embed page's address. */
  src: string;
  /** Layout width in CSS px (390: a phone, 1280: a desktop). */
  width: number;
  /** Height until the page reports its own (the embed's fixed height). */
  initialHeight: number;
  label: string;
  title: string;
  dark: boolean;
}

export function Preview({ src, width, initialHeight, label, title, dark }: PreviewProps) {
  const box = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const [available, setAvailable] = useState(width);
  /** The last height the page reported, and for which address and whether drawn (data-ready: the page now shown is drawn). */
  const [reported, setReported] = useState<{ src: string; height: number; ready: boolean } | null>(null);
  const current = useRef(src);
  current.current = src;

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setAvailable(el.clientWidth));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      const h = embedHeight(e.data);
      if (h !== null && e.source === frame.current?.contentWindow) setReported({ src: current.current, height: h, ready: embedReady(e.data) });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  const scale = Math.min(1, available / width);
  // The previous page's height until the new one reports: no jump on every change of the look.
  const h = reported?.height ?? initialHeight;
  return (
    <figure className="eb-preview" part="preview" data-ready={reported?.src === src && reported.ready ? '' : undefined}>
      <figcaption className="eb-preview__caption">{scale < 1 ? `${label}, shown at ${Math.round(scale * 100)}%` : label}</figcaption>
      <div ref={box} className={`eb-preview__stage${dark ? ' eb-preview__stage--dark' : ''}`} style={{ height: `${Math.ceil(h * scale)}px` }}>
        <iframe
          ref={frame}
          className="eb-preview__frame"
          part="frame"
          src={src}
          title={title}
          style={{ width: `${width}px`, height: `${h}px`, transform: scale < 1 ? `scale(${scale})` : undefined }}
        />
      </div>
    </figure>
  );
}
