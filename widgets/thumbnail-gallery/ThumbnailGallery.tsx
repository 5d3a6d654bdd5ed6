/**
 * kyb-thumbnail-gallery (docs/catalog.md#product-detail-pages, docs/catalog.md#handmade-faux-locs, #states): an image with thumbnails;
 * choosing a thumbnail selects the displayed image.
 *
 * Light DOM: the images the page prerenders. The main image is `<img slot="main">` when the page marks
 * one, else the first image (which is then also the first thumbnail). Every other image is a
 * thumbnail; `data-full` on one names the large file when its `src` is a small preview. The main
 * image stays the page's own node (already loaded, eager, the page's LCP); choosing a thumbnail swaps
 * its src/srcset/sizes/alt. Thumbnails are buttons with `aria-pressed`, one tab stop (roving
 * tabindex), Arrow keys, Home and End. Without JavaScript the images simply show as the page lays
 * them out.
 */
import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { hostOf } from '../core/define.ts';

export interface ThumbnailGalleryProps {
  container?: ShadowRoot;
}

export interface Picture {
  src: string;
  srcset: string;
  sizes: string;
  alt: string;
  /** What the thumbnail button shows (the image's own src). */
  thumb: string;
}

function pictureOf(img: HTMLImageElement): Picture {
  const src = img.getAttribute('src') ?? '';
  return {
    src: img.dataset.full || src,
    srcset: img.dataset.full ? '' : (img.getAttribute('srcset') ?? ''),
    sizes: img.getAttribute('sizes') ?? '',
    alt: img.getAttribute('alt') ?? '',
    thumb: src,
  };
}

/** The main image and the thumbnails' pictures, read from the light DOM. */
export function collect(host: HTMLElement): { main: HTMLImageElement | null; pictures: Picture[] } {
  const imgs = [...host.querySelectorAll('img')];
  const explicit = imgs.find((i) => i.getAttribute('slot') === 'main') ?? null;
  const main = explicit ?? imgs[0] ?? null;
  if (!main) return { main: null, pictures: [] };
  if (!explicit) return { main, pictures: imgs.map(pictureOf) };
  const mainPic = pictureOf(main);
  const others = imgs.filter((i) => i !== main).map(pictureOf);
  return { main, pictures: others.some((p) => p.src === mainPic.src) ? others : [mainPic, ...others] };
}

/** Index reached by a key from `i` among `n` thumbnails (wrapping), or null for other keys. */
export function nextIndex(key: string, i: number, n: number): number | null {
  if (n < 1) return null;
  if (key === 'ArrowRight' || key === 'ArrowDown') return (i + 1) % n;
  if (key === 'ArrowLeft' || key === 'ArrowUp') return (i - 1 + n) % n;
  if (key === 'Home') return 0;
  if (key === 'End') return n - 1;
  return null;
}

function show(img: HTMLImageElement, p: Picture) {
  // srcset first: with a stale srcset the browser would keep showing the old picture.
  if (p.srcset) img.setAttribute('srcset', p.srcset);
  else img.removeAttribute('srcset');
  if (p.sizes) img.setAttribute('sizes', p.sizes);
  else img.removeAttribute('sizes');
  img.setAttribute('src', p.src);
  img.setAttribute('alt', p.alt);
}

export function ThumbnailGallery({ container }: ThumbnailGalleryProps) {
  const [pictures, setPictures] = useState<Picture[]>([]);
  const [selected, setSelected] = useState(0);
  const main = useRef<HTMLImageElement | null>(null);
  const list = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    const host = hostOf(container);
    if (!host) return;
    const found = collect(host);
    main.current = found.main;
    // Projected into the main slot; the other light-DOM images only feed the thumbnails.
    if (found.main && found.main.getAttribute('slot') !== 'main') found.main.setAttribute('slot', 'main');
    setPictures(found.pictures);
    const current = found.main ? found.pictures.findIndex((p) => p.src === (found.main!.dataset.full || found.main!.getAttribute('src'))) : -1;
    setSelected(Math.max(current, 0));
  }, [container]);

  function select(i: number, moveFocus = false) {
    const p = pictures[i];
    if (!p) return;
    setSelected(i);
    if (main.current) show(main.current, p);
    if (moveFocus) list.current?.querySelectorAll<HTMLButtonElement>('button')[i]?.focus();
  }

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const i = nextIndex(e.key, selected, pictures.length);
    if (i === null) return;
    e.preventDefault();
    select(i, true);
  }

  const n = pictures.length;
  return (
    <div className="gallery" part="base">
      <div className="gallery__main" part="main">
        <slot name="main"></slot>
      </div>
      {n > 1 ? (
        <div className="gallery__thumbs" part="thumbs" role="group" aria-label="Choose an image" ref={list} onKeyDown={onKeyDown}>
          {pictures.map((p, i) => (
            <button
              // biome-ignore lint/suspicious/noArrayIndexKey: a product may show the same picture twice; position tells them apart
              key={`${i}-${p.thumb}`}
              type="button"
              className="gallery__thumb"
              part={i === selected ? 'thumb thumb-selected' : 'thumb'}
              aria-pressed={i === selected}
              aria-label={`Show image ${i + 1} of ${n}${p.alt ? `: ${p.alt}` : ''}`}
              tabIndex={i === selected ? 0 : -1}
              onClick={() => select(i)}
            >
              <img src={p.thumb} alt="" loading="lazy" decoding="async" />
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
