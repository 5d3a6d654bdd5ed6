/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * Blog (docs/pages.md#blog): topic chips, search, the featured article (to /blog/full-loc-bible), three articles,
 * Load More and Subscribe. The spec's search and Load More are inert: Load More is rendered disabled
 * with a note, and Subscribe leads to the working newsletter card instead of an inert box.
 */
import type { ComponentChildren } from 'preact';
import { Hero, Img, SEP, Section } from '../components/ui.tsx';
import { Icon } from '../components/icons.tsx';
import { ARTICLES, BLOG_TOPICS, FEATURED_ARTICLE, type Article } from '../content/blog.ts';
import { formatLongDate } from '../content/press.ts';
import { NewsletterCard } from './sections.tsx';

/** An article teaser card (the blog's archive and the tools hub's blog section). */
export function ArticleCard({ a, children }: { a: Article; children?: ComponentChildren }) {
  return (
    <article class="card">
      <Img src={a.image} alt={a.imageAlt} width={480} height={300} class="card__media" />
      <div class="card__body">
        <ArticleMeta a={a} />
        <h3>{a.title}</h3>
        <p>{a.excerpt}</p>
        {children}
      </div>
    </article>
  );
}

export function ArticleMeta({ a }: { a: Article }) {
  return (
    <p class="meta">
      <span class="tag">{a.topic}</span> {/* The date and the reading time stay together, so the dot between them never ends a line. */}
      <span class="nowrap">
        <time datetime={a.date}>{formatLongDate(a.date)}</time>
        {SEP}
        {a.minutes} min read
      </span>
    </p>
  );
}

export function Blog() {
  return (
    <>
      <Hero
        tone="forest"
        eyebrow="The KYB Blog"
        title="Knowledge for your crown"
        lead="Holistic care, ingredients, protective styling, loc science, and the economics of Black hair care."
        compact
      />

      <Section id="articles">
        <div class="toolbar">
          <ul class="chip-row" aria-label="Topics">
            {BLOG_TOPICS.map((t) => (
              <li>
                <span class="chip">{t}</span>
              </li>
            ))}
          </ul>
          <div class="search-field">
            <label for="blog-search" class="sr-only">
              Search articles
            </label>
            <Icon name="search" />
            <input id="blog-search" type="search" placeholder="Search articles" autocomplete="off" />
          </div>
        </div>

        <article class="featured-story">
          <Img src={FEATURED_ARTICLE.image} alt={FEATURED_ARTICLE.imageAlt} width={720} height={450} />
          <div class="featured-story__body">
            <p class="eyebrow">Featured</p>
            <h2>
              <a href={FEATURED_ARTICLE.href}>{FEATURED_ARTICLE.title}</a>
            </h2>
            <ArticleMeta a={FEATURED_ARTICLE} />
            <p>{FEATURED_ARTICLE.excerpt}</p>
            <a class="btn btn--primary" href={FEATURED_ARTICLE.href}>
              Read the Loc Bible
            </a>
          </div>
        </article>

        <h2 class="archive-title">Latest articles</h2>
        <div class="grid grid--3">
          {ARTICLES.map((a) => (
            <ArticleCard a={a}>
              <p class="small">Full article coming soon.</p>
            </ArticleCard>
          ))}
        </div>
        <p class="center">
          <button type="button" class="btn btn--outline" disabled>
            Load More
          </button>
        </p>
        <p class="center small">More articles are on the way. Subscribe below to hear when they are published.</p>
      </Section>

      <NewsletterCard sourcePage="/blog" />
    </>
  );
}
