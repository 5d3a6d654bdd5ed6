/**
 * kyb-sticky-bar threshold="300" (docs/pages.md#services, docs/data.md#states-and-transitions, docs/limits.md): shows its light-DOM content (the
 * "Ready to book?" bar) only once the page is scrolled more than `threshold` px, and hides it again at
 * or below that. While hidden the content is invisible, inert and out of the accessibility tree, so
 * keyboard users never tab into a bar they cannot see. One passive scroll listener, read once per
 * animation frame. The slide is skipped for visitors who prefer reduced motion.
 * Without JavaScript the content is simply shown where the page puts it.
 *
 * A fixed bar covers what scrolls under it, so it says how tall it is: `--kyb-sticky-bar-height` on the
 * document's root element (kept current with a ResizeObserver, removed with the element). The page
 * reserves that much below its last content (issue #8: the bar covered the footer's Privacy and
 * Cookies links) and lifts its own floating controls above it.
 */
import { useEffect, useRef, useState } from 'react';

export const HEIGHT_PROPERTY = '--kyb-sticky-bar-height';

export interface StickyBarProps {
  /** Scroll distance in px past which the bar shows (default 300, docs/limits.md). */
  threshold?: number;
  container?: ShadowRoot;
}

export const DEFAULT_THRESHOLD = 300;

/** Visible strictly past the threshold (docs/pages.md#services: "more than 300 px … hidden again at or below"). */
export function barVisible(scrollY: number, threshold: number | undefined): boolean {
  const t = typeof threshold === 'number' && Number.isFinite(threshold) && threshold >= 0 ? threshold : DEFAULT_THRESHOLD;
  return scrollY > t;
}

export function StickyBar({ threshold }: StickyBarProps) {
  const [visible, setVisible] = useState(() => barVisible(window.scrollY, threshold));
  const limit = useRef(threshold);
  limit.current = threshold;

  useEffect(() => {
    let frame = 0;
    const check = () => {
      frame = 0;
      setVisible(barVisible(window.scrollY, limit.current));
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    check();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, []);

  useEffect(() => {
    setVisible(barVisible(window.scrollY, threshold));
  }, [threshold]);

  const slot = useRef<HTMLSlotElement>(null);
  useEffect(() => {
    const s = slot.current;
    if (!s || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const measure = () => {
      const h = Math.max(0, ...s.assignedElements().map((e) => e.getBoundingClientRect().height));
      root.style.setProperty(HEIGHT_PROPERTY, `${Math.ceil(h)}px`);
    };
    const ro = new ResizeObserver(measure);
    const observe = () => {
      ro.disconnect();
      s.assignedElements().forEach((e) => ro.observe(e));
      measure();
    };
    observe();
    s.addEventListener('slotchange', observe);
    return () => {
      s.removeEventListener('slotchange', observe);
      ro.disconnect();
      root.style.removeProperty(HEIGHT_PROPERTY);
    };
  }, []);

  return (
    <div className="bar" part="bar" data-visible={visible ? 'true' : 'false'} inert={!visible}>
      <slot ref={slot}></slot>
    </div>
  );
}
