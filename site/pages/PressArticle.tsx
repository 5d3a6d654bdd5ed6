/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/** One press story at /press/<slug> (linked from /press; docs/pages.md#press). */
import type { FunctionComponent } from 'preact';
import { BUSINESS } from '../../shared/business.ts';
import { Breadcrumb, ButtonLink, Img } from '../components/ui.tsx';
import { PRESS_ITEMS, pressItem } from '../content/press.ts';
import { Byline } from './Press.tsx';

export function pressArticle(slug: string): FunctionComponent {
  const item = pressItem(slug);
  const others = PRESS_ITEMS.filter((p) => p.slug !== slug);
  // biome-ignore lint/correctness/noComponentHookFactories: one page per press slug, built once at prerender; it uses no hooks
  return function PressArticle() {
    return (
      <article class="article">
        <div class="container container--narrow">
          <Breadcrumb href="/press">Back to Press</Breadcrumb>
          <p class="eyebrow">{item.category}</p>
          <h1 id="page-title">{item.title}</h1>
          <p class="meta">
            <Byline item={item} />
          </p>
          <Img src={item.image} alt={item.imageAlt} width={960} height={600} eager class="article__image" />
          <div class="prose">
            <p class="lead">{item.excerpt}</p>
            {item.body.map((p) => (
              <p>{p}</p>
            ))}
          </div>
          <aside class="article__aside" aria-label="More from the press room">
            <h2>More news</h2>
            <ul class="plain-list">
              {others.map((o) => (
                <li>
                  <a href={`/press/${o.slug}`}>{o.title}</a>
                </li>
              ))}
            </ul>
            <p>
              Media enquiries: <a href={`mailto:${BUSINESS.pressEmail}`}>{BUSINESS.pressEmail}</a>
            </p>
            <ButtonLink href="/press" variant="outline">
              All press
            </ButtonLink>
          </aside>
        </div>
      </article>
    );
  };
}
