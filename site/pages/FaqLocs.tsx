/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/** Loc FAQ (docs/pages.md#loc-faq): nine groups of exclusive accordions, Learn & Connect, Shop Now. */
import { Accordion, Breadcrumb, ButtonLink, ExtLink, JsonLd, Section } from '../components/ui.tsx';
import { Icon } from '../components/icons.tsx';
import { LOC_FAQ_GROUPS } from '../content/faq.ts';
import { social } from '../content/socials.ts';
import { faqLd } from '../content/structured-data.ts';

export function FaqLocs() {
  const links = (['Instagram', 'YouTube', 'TikTok'] as const).map(social);
  return (
    <>
      <JsonLd data={faqLd(LOC_FAQ_GROUPS.flatMap((g) => g.questions))} />
      <section class="hero hero--sand hero--compact" aria-labelledby="page-title">
        <div class="container">
          <Breadcrumb href="/products">Back to Products</Breadcrumb>
          <p class="eyebrow">Loc extensions</p>
          <h1 id="page-title">Loc Extensions FAQ</h1>
          <p class="lead">Jah, Trinity and Irie Locs: what they are made of, which size and length to choose, and how to care for them.</p>
        </div>
      </section>

      <Section id="groups">
        <nav class="toc toc--inline" aria-label="Topics">
          <ul>
            {LOC_FAQ_GROUPS.map((g) => (
              <li>
                <a href={`#${g.id}`}>{g.title}</a>
              </li>
            ))}
          </ul>
        </nav>
        <div class="faq-cards">
          {LOC_FAQ_GROUPS.map((g) => (
            <section id={g.id} class="faq-card" aria-labelledby={`${g.id}-title`}>
              <h2 id={`${g.id}-title`}>{g.title}</h2>
              <Accordion name={`faq-${g.id}`} items={g.questions} />
            </section>
          ))}
        </div>
      </Section>

      <Section id="learn-connect" tone="sand" title="Learn & Connect" center>
        <ul class="social-cards">
          <li>
            <a class="social-card" href="/blog">
              <Icon name="book" /> Read the Blog
            </a>
          </li>
          {links.map((s) => (
            <li>
              <ExtLink href={s.href} class="social-card">
                <Icon name={s.icon} /> {s.name}
              </ExtLink>
            </li>
          ))}
        </ul>
        <p class="center">
          <ButtonLink href="/products">Shop Now</ButtonLink>
        </p>
      </Section>
    </>
  );
}
