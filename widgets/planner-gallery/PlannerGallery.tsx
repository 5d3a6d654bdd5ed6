/**
 * <kyb-planner-gallery fallback-src="…" fallback-alt="…">: the planner landing page's carousel (
 * docs/tools.md#crown-planner-page, #states, docs/data.md#calls, docs/tools.md#messages, #limits). Active gallery items, display_order ascending, read anonymously;
 * a main slide (image, or a muted looping video) with thumbnails 4 per row, previous/next buttons and
 * arrow keys. With no active items the fixed cover image shows. While loading, the cover with a row of
 * placeholder thumbnails (marked busy); when the read fails (logged), the cover with a line saying so and
 * a Try again button, so a failure never looks like a load that is still under way (issue #8).
 *
 * Its attributes, events and parts: widgets/planner-gallery/register.ts.
 */
import { useCallback, useEffect, useState, type KeyboardEvent } from 'react';
import { GALLERY_THUMBS_PER_ROW, TEXTS } from '../core/domain.ts';
import type { Tables } from '../../supabase/types/database.ts';
import { rest } from '../core/rest.ts';
import { mediaUrl } from '../core/public.ts';

export interface PlannerGalleryProps {
  fallbackSrc?: string;
  fallbackAlt?: string;
  container?: unknown;
}

const reducedMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

/** The planner_gallery columns the carousel reads; the table's check constraint narrows file_type. */
type Item = Pick<Tables<'planner_gallery'>, 'id' | 'image_url' | 'alt_text' | 'display_order'> & { file_type: 'image' | 'video' };

export function PlannerGallery({ fallbackSrc, fallbackAlt }: PlannerGalleryProps) {
  const [items, setItems] = useState<Item[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [index, setIndex] = useState(0);

  useEffect(() => {
    let live = true;
    (async () => {
      try {
        const { data, error } = await rest()
          .from('planner_gallery')
          .select('id, image_url, alt_text, display_order, file_type')
          .eq('is_active', true)
          .order('display_order', { ascending: true });
        if (error) throw error;
        if (live) setItems((data ?? []) as Item[]);
      } catch (e) {
        // docs/errors.md: logged, and the cover image stands in (with a retry under it).
        console.error('[kyb-planner-gallery] could not load the gallery', e);
        if (live) {
          setFailed(true);
          setItems([]);
        }
      }
    })();
    return () => {
      live = false;
    };
  }, [attempt]);
  const retry = () => {
    setFailed(false);
    setItems(null);
    setAttempt((n) => n + 1);
  };

  const count = items?.length ?? 0;
  const go = useCallback((i: number) => setIndex(count ? (i + count) % count : 0), [count]);

  if (!items || items.length === 0) {
    if (!fallbackSrc) {
      if (items) console.warn('[kyb-planner-gallery] no active items and no fallback-src');
      return null;
    }
    return (
      <div className="pg" part="root" aria-busy={items === null ? 'true' : undefined}>
        <div className="pg__stage" part="stage">
          <img className="pg__media" part="fallback" src={fallbackSrc} alt={fallbackAlt ?? ''} />
        </div>
        {items === null ? (
          <ul className="pg__thumbs pg__thumbs--loading" part="placeholders" aria-hidden="true" style={{ '--pg-cols': GALLERY_THUMBS_PER_ROW } as Record<string, number>}>
            {Array.from({ length: GALLERY_THUMBS_PER_ROW }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders; position is all they have
              <li key={i} className="pg__placeholder" />
            ))}
          </ul>
        ) : failed ? (
          <div className="pg__error" part="error" role="status">
            <p className="pg__error-text">{TEXTS.plannerGalleryFailed}</p>
            <button type="button" className="pg__retry" part="retry" onClick={retry}>
              {TEXTS.tryAgain}
            </button>
          </div>
        ) : null}
      </div>
    );
  }

  const current = items[Math.min(index, count - 1)];
  const labelOf = (it: Item, i: number) => it.alt_text || `Gallery ${it.file_type} ${i + 1}`;
  const onKey = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key === 'ArrowRight') go(index + 1);
    else if (e.key === 'ArrowLeft') go(index - 1);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(count - 1);
    else return;
    e.preventDefault();
  };

  return (
    <section className="pg" part="root" aria-roledescription="carousel" aria-label="Crown Planner gallery" tabIndex={0} onKeyDown={onKey}>
      <div className="pg__stage" part="stage">
        <div className="pg__slide" part="slide" role="group" aria-roledescription="slide" aria-label={`${index + 1} of ${count}`} key={current.id}>
          {current.file_type === 'video' ? (
            // Controls: a looping video must be pausable (WCAG 2.2.2); no autoplay for reduced motion.
            <video className="pg__media" src={mediaUrl(current.image_url)} muted loop autoPlay={!reducedMotion()} playsInline controls aria-label={labelOf(current, index)} />
          ) : (
            <img className="pg__media" src={mediaUrl(current.image_url)} alt={current.alt_text ?? ''} />
          )}
        </div>
        {count > 1 ? (
          <>
            <button type="button" className="pg__nav pg__nav--prev" part="prev" aria-label="Previous slide" onClick={() => go(index - 1)}>
              <span aria-hidden="true">‹</span>
            </button>
            <button type="button" className="pg__nav pg__nav--next" part="next" aria-label="Next slide" onClick={() => go(index + 1)}>
              <span aria-hidden="true">›</span>
            </button>
          </>
        ) : null}
      </div>
      <p className="kyb-sr-only" part="status" aria-live="polite">
        Slide {index + 1} of {count}
      </p>
      {count > 1 ? (
        <ul className="pg__thumbs" part="thumbs" style={{ '--pg-cols': GALLERY_THUMBS_PER_ROW } as Record<string, number>}>
          {items.map((it, i) => (
            <li key={it.id}>
              <button
                type="button"
                className="pg__thumb"
                part="thumb"
                aria-label={`Show slide ${i + 1}: ${labelOf(it, i)}`}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => go(i)}
              >
                {it.file_type === 'video' ? (
                  <video src={mediaUrl(it.image_url)} muted playsInline preload="metadata" aria-hidden="true" tabIndex={-1} />
                ) : (
                  <img src={mediaUrl(it.image_url)} alt="" loading="lazy" />
                )}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
