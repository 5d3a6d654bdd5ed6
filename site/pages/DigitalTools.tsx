/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * Digital tools hub (docs/tools.md#digital-tools-hub): hero, the access modal, three feature highlights, three blog teasers,
 * a link to /blog, two videos (local posters linking out), the video channel, the Crown Planner and
 * The Vault (<kyb-vault>: e-mail, then download; fallback: direct download links).
 */
import { BUSINESS } from '../../shared/business.ts';
import { PLANNER_TIERS } from '../../shared/catalog.ts';
import { formatFrom } from '../../shared/pricing.ts';
import { ButtonLink, ExtLink, Feature, Fallback, Hero, Img, Section } from '../components/ui.tsx';
import { Icon } from '../components/icons.tsx';
import { ARTICLES } from '../content/blog.ts';
import { PLANNER } from '../content/planner.ts';
import { RESOURCES, TOOL_FEATURES, TOOL_VIDEOS } from '../content/tools.ts';
import { ArticleCard } from './Blog.tsx';
import { VideoPoster, mailto } from './sections.tsx';

/** The free downloads as cards: the Vault page's content, and the tools hub's fallback for kyb-vault. */
export function ResourceList() {
  return (
    <ul class="resource-grid">
      {RESOURCES.map((r) => (
        <li class="resource">
          <span class="resource__icon">
            <Icon name={r.icon} />
          </span>
          <h3>{r.title}</h3>
          <p class="tag">{r.fileType}</p>
          <p>{r.description}</p>
          <a class="btn btn--primary" href={r.href} download={r.download}>
            <Icon name="download" /> Download
          </a>
        </li>
      ))}
    </ul>
  );
}

export function VaultFallback() {
  return (
    <Fallback>
      <ResourceList />
    </Fallback>
  );
}

export function DigitalTools() {
  const from = Math.min(...PLANNER_TIERS.map((t) => t.price));
  return (
    <>
      <Hero
        tone="night"
        eyebrow="Digital Tools"
        title="Your hair journey, organised"
        lead="Tools that help you plan styles, keep rituals and learn what your hair needs, between appointments and without one."
        image={{ src: '/images/tools-hero.svg', alt: 'Illustration of a tablet and phone showing a hair-care calendar and goal tracker', width: 520, height: 440 }}
      >
        <div class="actions">
          <kyb-access-modal>
            <Fallback>
              <a class="btn btn--gold" href="/beta">
                Get Early Access
              </a>
            </Fallback>
          </kyb-access-modal>
          <ButtonLink href="#crown-planner" variant="light">
            Meet the Crown Planner
          </ButtonLink>
        </div>
      </Hero>

      <Section id="features" title="Built for real routines" center>
        <div class="grid grid--3">
          {TOOL_FEATURES.map((f) => (
            <Feature icon={f.icon} title={f.title}>
              <p>{f.text}</p>
            </Feature>
          ))}
        </div>
      </Section>

      <Section id="crown-planner" tone="clay" eyebrow="Available now" title="The CROWN Planner">
        <div class="split split--media">
          <Img src={PLANNER.cover} alt={PLANNER.coverAlt} width={PLANNER.coverWidth} height={PLANNER.coverHeight} class="planner-cover" />
          <div class="prose">
            <p class="lead">
              {PLANNER.edition}: {PLANNER.templates} hyperlinked and printable templates to plan every install, ritual and goal.
            </p>
            <p>
              Trusted by {PLANNER.trustedBy} users. {formatFrom(from)}.
            </p>
            <ButtonLink href="/digital-tools/crown-planner" variant="gold">
              Explore the Planner
            </ButtonLink>
          </div>
        </div>
      </Section>

      <Section id="from-the-blog" title="From the blog">
        <div class="grid grid--3">
          {ARTICLES.map((a) => (
            <ArticleCard a={a} />
          ))}
        </div>
        <p>
          <ButtonLink href="/blog" variant="outline">
            Visit the Blog
          </ButtonLink>
        </p>
      </Section>

      <Section id="videos" tone="sand" title="Watch and learn">
        <div class="grid grid--2">
          {TOOL_VIDEOS.map((v) => (
            <VideoPoster title={v.title} text={v.text} poster={v.poster} url={v.url} />
          ))}
        </div>
        <p>
          <ExtLink href={BUSINESS.social.youtube} class="btn btn--outline">
            <Icon name="youtube" /> Visit our YouTube channel
          </ExtLink>
        </p>
      </Section>

      <Section id="vault" title="The Vault" intro="Free guides and trackers. Enter your e-mail and your download starts straight away.">
        <kyb-vault>
          <VaultFallback />
        </kyb-vault>
        <p class="note">
          Browse every resource in <a href="/vault">the Vault</a>. Questions? <a href={mailto('The Vault')}>E-mail us</a>.
        </p>
      </Section>
    </>
  );
}
