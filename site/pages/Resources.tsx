/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * The Vault and resources (/vault and /resources, docs/tools.md#vault-and-resources): three downloads, four social platform
 * cards, and a Book a Service link. The spec's Download buttons had no action; here they download
 * real files from /downloads/.
 */
import { BookLink, ExtLink, Hero, Section } from '../components/ui.tsx';
import { Icon } from '../components/icons.tsx';
import { SOCIAL_PLATFORMS } from '../content/tools.ts';
import { ResourceList } from './DigitalTools.tsx';

export function Resources() {
  return (
    <>
      <Hero
        tone="forest"
        eyebrow="Free resources"
        title="The Vault"
        lead="Guides and trackers from our stylists, free to download, print and share."
        image={{ src: '/images/vault-hero.svg', alt: 'Illustration of an open wooden chest holding rolled guides and a planner', width: 480, height: 400 }}
      />
      <Section id="downloads" title="Downloads">
        <ResourceList />
      </Section>
      <Section id="social" tone="sand" title="Keep learning" intro="More tips, tutorials and inspiration on our channels.">
        <ul class="platform-grid">
          {SOCIAL_PLATFORMS.map((s) => (
            <li class="platform">
              <Icon name={s.icon} />
              <h3>{s.platform}</h3>
              <p>{s.text}</p>
              <ExtLink href={s.url}>View on {s.platform}</ExtLink>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="book" title="Want hands-on help?" center>
        <p class="center">Our stylists can show you every step in the studio.</p>
        <p class="center">
          <BookLink>Book a Service</BookLink>
        </p>
      </Section>
    </>
  );
}
