/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * Building blocks shared by the pages. They exist so every page gets the same accessible patterns for
 * free: images always carry width/height/alt, external links always say they open a new tab, headings
 * keep one h1 per page (only Hero renders it), and JSON-LD is escaped so a `</script>` in copy cannot
 * end the data block.
 */
import type { ComponentChildren, HTMLAttributes } from 'preact';
import { BUSINESS, bookingLink } from '../../shared/business.ts';
import { Icon, type IconName } from './icons.tsx';

type Cls = string | false | null | undefined;
export const cx = (...c: Cls[]) => c.filter(Boolean).join(' ');

/**
 * The dot between short items ("Human/synthetic blend · handmade"), held to the words on both sides by
 * no-break spaces: a line never starts or ends with it (issue #8; tests/visual/invariants.ts checks
 * both), and a narrow screen breaks inside an item instead.
 */
export const SEP = '\u00a0·\u00a0';

export interface ImgProps {
  src: string;
  alt: string;
  width: number;
  height: number;
  class?: string;
  /** Above-the-fold images load eagerly; everything else lazily. */
  eager?: boolean;
}
export function Img({ src, alt, width, height, class: c, eager }: ImgProps) {
  return <img src={src} alt={alt} width={width} height={height} class={c} loading={eager ? 'eager' : 'lazy'} decoding="async" fetchpriority={eager ? 'high' : undefined} />;
}

/**
 * The business phone number as a tel: link that never breaks inside its last group ("555-" / "0123"
 * split at 320 px): it may wrap only at its spaces.
 */
export function PhoneLink() {
  const i = BUSINESS.phone.lastIndexOf(' ');
  return (
    <a href={BUSINESS.phoneHref}>
      {/* One box for the whole number: in a flex link (the footer's) bare text would be an item of its own and lose its trailing space ("(404)555-0123"). */}
      <span>
        {BUSINESS.phone.slice(0, i + 1)}
        <span class="nowrap">{BUSINESS.phone.slice(i + 1)}</span>
      </span>
    </a>
  );
}

/** A link that leaves the site: new tab, no opener, and a screen-reader hint. */
export function ExtLink({ href, children, class: c, sponsored, label }: { href: string; children: ComponentChildren; class?: string; sponsored?: boolean; label?: string }) {
  return (
    <a href={href} class={c} target="_blank" rel={sponsored ? 'sponsored noopener' : 'noopener'} aria-label={label}>
      {children}
      <span class="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

/** The external booking service; `consultation` books the free consultation appointment type. */
export function BookLink({
  children,
  consultation,
  variant = 'primary',
  class: c,
}: {
  children: ComponentChildren;
  consultation?: boolean;
  variant?: 'primary' | 'outline' | 'light' | 'gold';
  class?: string;
}) {
  return (
    <ExtLink href={bookingLink({ consultation })} class={cx('btn', `btn--${variant}`, c)}>
      {children}
    </ExtLink>
  );
}

export function ButtonLink({
  href,
  children,
  variant = 'primary',
  class: c,
}: {
  href: string;
  children: ComponentChildren;
  variant?: 'primary' | 'outline' | 'light' | 'gold' | 'text';
  class?: string;
}) {
  return (
    <a href={href} class={cx('btn', `btn--${variant}`, c)}>
      {children}
    </a>
  );
}

export interface HeroProps {
  title: ComponentChildren;
  eyebrow?: string;
  lead?: ComponentChildren;
  actions?: ComponentChildren;
  image?: ImgProps;
  tone?: 'clay' | 'sand' | 'forest' | 'night';
  children?: ComponentChildren;
  compact?: boolean;
}
/** The page's one h1. */
export function Hero({ title, eyebrow, lead, actions, image, tone = 'sand', children, compact }: HeroProps) {
  return (
    <section class={cx('hero', `hero--${tone}`, compact && 'hero--compact', image && 'hero--with-art')} aria-labelledby="page-title">
      <div class="container hero__grid">
        <div class="hero__text">
          {eyebrow && <p class="eyebrow">{eyebrow}</p>}
          <h1 id="page-title">{title}</h1>
          {lead && <p class="lead">{lead}</p>}
          {actions && <div class="actions">{actions}</div>}
          {children}
        </div>
        {image && (
          <div class="hero__art">
            <Img {...image} eager />
          </div>
        )}
      </div>
    </section>
  );
}

export function Section({
  id,
  title,
  eyebrow,
  intro,
  children,
  tone,
  center,
  class: c,
}: {
  id?: string;
  title?: ComponentChildren;
  eyebrow?: string;
  intro?: ComponentChildren;
  children?: ComponentChildren;
  tone?: 'sand' | 'clay' | 'forest' | 'night' | 'cream';
  center?: boolean;
  class?: string;
}) {
  const headingId = id ? `${id}-title` : undefined;
  // A section element needs a heading; without a title this is just a styled block.
  const Tag = title ? 'section' : 'div';
  return (
    <Tag id={id} class={cx('section', tone && `section--${tone}`, c)} aria-labelledby={title ? headingId : undefined}>
      <div class="container">
        {(title || eyebrow || intro) && (
          <header class={cx('section__head', center && 'section__head--center')}>
            {eyebrow && <p class="eyebrow">{eyebrow}</p>}
            {title && <h2 id={headingId}>{title}</h2>}
            {intro && <p class="section__intro">{intro}</p>}
          </header>
        )}
        {children}
      </div>
    </Tag>
  );
}

/** A card with an optional icon, heading (h3 by default) and text. */
export function Feature({ icon, title, children, level = 3 }: { icon?: IconName; title: ComponentChildren; children?: ComponentChildren; level?: 3 | 4 }) {
  const H = level === 3 ? 'h3' : 'h4';
  return (
    <div class="feature">
      {icon && (
        <span class="feature__icon">
          <Icon name={icon} />
        </span>
      )}
      <H class="feature__title">{title}</H>
      {children && <div class="feature__text">{children}</div>}
    </div>
  );
}

export function Stars({ rating, max = 5 }: { rating: number; max?: number }) {
  return (
    <span class="stars" role="img" aria-label={`${rating} out of ${max} stars`}>
      {Array.from({ length: max }, (_, i) => (
        <Icon name="star" class={i < rating ? 'star star--on' : 'star'} />
      ))}
    </span>
  );
}

const STAR = 'M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z';

/**
 * Five stars filled in proportion to `rating` (4.3 → four and a third), drawn as one SVG: the gold row is
 * an inner <svg> whose width is the share of the viewBox, so the fill scales with the drawing and can
 * never be a share of some other box (the cause of five full stars on narrow screens, issue #8). An
 * attribute, not an inline style: the site's CSP allows no inline style. Decorative; callers say the
 * rating in words.
 */
export function StarScale({ rating, max = 5, class: c }: { rating: number; max?: number; class?: string }) {
  const w = 24 * max;
  const filled = Math.round(Math.max(0, Math.min(1, rating / max)) * w * 100) / 100;
  const row = Array.from({ length: max }, (_, i) => <path d={STAR} transform={`translate(${i * 24} 0)`} />);
  return (
    <svg class={c ? `star-scale ${c}` : 'star-scale'} viewBox={`0 0 ${w} 24`} width={w} height="24" aria-hidden="true" focusable="false" data-rating={String(rating)}>
      <g class="star-scale__base">{row}</g>
      <svg class="star-scale__fill" width={String(filled)} height="24" overflow="hidden" aria-hidden="true">
        <g>{row}</g>
      </svg>
    </svg>
  );
}

export interface QA {
  q: string;
  a: ComponentChildren;
  /** Plain-text answer for FAQPage structured data when `a` is markup. */
  text?: string;
}
/** An exclusive accordion: the shared `name` keeps one answer open at a time with no script. */
export function Accordion({ name, items }: { name: string; items: QA[] }) {
  return (
    <div class="accordion">
      {items.map((it) => (
        <details name={name} class="accordion__item">
          <summary class="accordion__q">
            <span>{it.q}</span>
            <Icon name="chevron" class="accordion__chevron" />
          </summary>
          <div class="accordion__a">{typeof it.a === 'string' ? <p>{it.a}</p> : it.a}</div>
        </details>
      ))}
    </div>
  );
}

/** Structured data block: a data island (not executed, so a strict script-src CSP allows it). */
export function JsonLd({ data }: { data: unknown }) {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD from our own content, serialised with `<` escaped above
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}

export function Breadcrumb({ href, children }: { href: string; children: ComponentChildren }) {
  return (
    <p class="back-link">
      <a href={href}>
        <Icon name="arrow-left" /> {children}
      </a>
    </p>
  );
}

export function Badge({ children, tone = 'gold' }: { children: ComponentChildren; tone?: 'gold' | 'clay' | 'sage' | 'night' }) {
  return <span class={cx('badge', `badge--${tone}`)}>{children}</span>;
}

/** Prerendered content shown inside a widget's tag until (or unless) the element upgrades. */
export function Fallback({ children, class: c }: { children: ComponentChildren; class?: string }) {
  return <div class={cx('widget-fallback', c)}>{children}</div>;
}

export function Price({ children }: { children: ComponentChildren }) {
  return <span class="price">{children}</span>;
}

export type Attrs = HTMLAttributes<HTMLElement>;
