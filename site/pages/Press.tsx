/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * Press (docs/pages.md#press): filter tabs (static), a search box, the featured story, an archive of three, and
 * the press contact. The tabs and search are inert in the spec; here the tabs are rendered as a
 * non-interactive list of categories and the search box is a plain, label-linked field with no action.
 */
import { BUSINESS } from '../../shared/business.ts';
import { ButtonLink, Hero, Img, SEP, Section } from '../components/ui.tsx';
import { Icon } from '../components/icons.tsx';
import { PRESS_CATEGORIES, PRESS_ITEMS, formatLongDate, type PressItem } from '../content/press.ts';

/** Date · author as one flex item of `.meta`, so the dot stays between them whatever wraps. */
export function Byline({ item }: { item: PressItem }) {
  return (
    <span>
      <time class="nowrap" datetime={item.date}>
        {formatLongDate(item.date)}
      </time>
      {SEP}
      {item.author}
    </span>
  );
}

function Meta({ item }: { item: PressItem }) {
  return (
    <p class="meta">
      <span class="tag">{item.category}</span> <Byline item={item} />
    </p>
  );
}

export function Press() {
  const [featured, ...archive] = PRESS_ITEMS;
  return (
    <>
      <Hero tone="night" eyebrow="Press & News" title="KYB in the news" lead="Events, features, partnerships, research and updates from the KYB team." compact />

      <Section id="press-list">
        <div class="toolbar">
          <ul class="chip-row" aria-label="Categories">
            {PRESS_CATEGORIES.map((c, i) => (
              <li>
                <span class={i === 0 ? 'chip chip--active' : 'chip'}>{c}</span>
              </li>
            ))}
          </ul>
          <div class="search-field">
            <label for="press-search" class="sr-only">
              Search press
            </label>
            <Icon name="search" />
            <input id="press-search" type="search" placeholder="Search press" autocomplete="off" />
          </div>
        </div>

        <article class="featured-story">
          <Img src={featured.image} alt={featured.imageAlt} width={720} height={450} />
          <div class="featured-story__body">
            <p class="eyebrow">Featured story</p>
            <h2>
              <a href={`/press/${featured.slug}`}>{featured.title}</a>
            </h2>
            <Meta item={featured} />
            <p>{featured.excerpt}</p>
            <ButtonLink href={`/press/${featured.slug}`}>Read the story</ButtonLink>
          </div>
        </article>

        <h2 class="archive-title">Archive</h2>
        <div class="grid grid--3">
          {archive.map((item) => (
            <article class="card">
              <Img src={item.image} alt={item.imageAlt} width={480} height={300} class="card__media" />
              <div class="card__body">
                <Meta item={item} />
                <h3>
                  <a href={`/press/${item.slug}`}>{item.title}</a>
                </h3>
                <p>{item.excerpt}</p>
              </div>
            </article>
          ))}
        </div>
      </Section>

      <Section id="press-contact" tone="sand" title="Press contact" center>
        <p class="center">
          For interviews, images and speaking requests, e-mail <a href={`mailto:${BUSINESS.pressEmail}`}>{BUSINESS.pressEmail}</a>.
        </p>
      </Section>
    </>
  );
}
