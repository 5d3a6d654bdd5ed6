/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/** Four-column footer and the copyright line (docs/pages.md#shared-layout), plus the floating direct-message button. */
import { BUSINESS, bookingLink } from '../../shared/business.ts';
import { ExtLink, Img, PhoneLink } from '../components/ui.tsx';
import { Icon } from '../components/icons.tsx';
import { navLink } from '../routes.ts';
import { SOCIALS } from '../content/socials.ts';

const COLUMNS: { title: string; links: string[] }[] = [
  { title: 'Company', links: ['/about', '/services', '/products', '/press', '/ethics', '/contact'] },
  { title: 'Digital Tools', links: ['/digital-tools/crown-planner', '/digital-tools', '/blog', '/vault'] },
  { title: 'Programs', links: ['/partners', '/rewards', '/beta', '/shop'] },
];

export function Footer() {
  return (
    <footer class="site-footer">
      <div class="container">
        <div class="site-footer__top">
          <div class="site-footer__brand">
            <Img src="/images/logo-light.svg" alt={BUSINESS.legalName} width={132} height={44} />
            <p>{BUSINESS.tagline}</p>
            <ul class="social-row" aria-label="Social profiles">
              {SOCIALS.map((s) => (
                <li>
                  <ExtLink href={s.href} class="social-row__link" label={`${BUSINESS.name} on ${s.name} (opens in a new tab)`}>
                    <Icon name={s.icon} />
                  </ExtLink>
                </li>
              ))}
            </ul>
          </div>
          <div class="site-footer__cols">
            {COLUMNS.map((c) => (
              <nav class="site-footer__col" aria-label={c.title}>
                <h2 class="site-footer__title">{c.title}</h2>
                <ul>
                  {c.links.map((p) => {
                    const l = navLink(p);
                    return (
                      <li>
                        <a href={l.href}>{l.footerLabel}</a>
                      </li>
                    );
                  })}
                </ul>
              </nav>
            ))}
            <div class="site-footer__col">
              <h2 class="site-footer__title">Actions</h2>
              <ul>
                <li>
                  <ExtLink href={bookingLink()}>Book Now</ExtLink>
                </li>
                <li>
                  <a href={`mailto:${BUSINESS.email}`}>Contact</a>
                </li>
                <li>
                  <ExtLink href={BUSINESS.dmUrl}>Send a DM</ExtLink>
                </li>
                <li>
                  <PhoneLink />
                </li>
              </ul>
            </div>
          </div>
        </div>
        <div class="site-footer__legal">
          <p>
            © {BUSINESS.copyrightYear} {BUSINESS.legalName}. All rights reserved.
          </p>
          <ul>
            <li>
              <a href="/privacy">Privacy</a>
            </li>
            <li>
              <a href="/cookies">Cookies</a>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}

export function DmButton() {
  return (
    <aside aria-label="Chat with us">
      <a class="dm-fab" href={BUSINESS.dmUrl} target="_blank" rel="noopener" aria-label="Message us on Instagram (opens in a new tab)">
        <Icon name="message" />
      </a>
    </aside>
  );
}
