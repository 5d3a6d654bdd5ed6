/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/** Services (docs/pages.md#services), with Service structured data (docs/pages.md#business-details). */
import { BUSINESS, bookingLink } from '../../shared/business.ts';
import { BookLink, ButtonLink, ExtLink, Feature, Hero, JsonLd, PhoneLink, Section, Stars } from '../components/ui.tsx';
import { Icon } from '../components/icons.tsx';
import { POLICY } from '../content/faq.ts';
import { TRUSTED_PARTNERS } from '../content/partners.ts';
import { REWARDS_STEPS } from '../content/rewards.ts';
import { AMENITIES, DISCOUNTS, PREMIUM_ADD_ONS, STATIC_REVIEWS, WHY_KYB } from '../content/studio.ts';
import { serviceLd } from '../content/structured-data.ts';
import { LoyaltyCardImage, PartnerGrid, Steps, VideoPoster } from './sections.tsx';

export const SERVICE_DESCRIPTION =
  'Holistic loc, braid and protective-style services for textured hair: starter locs, retwists, loc extension installs, detox treatments and scalp care.';

export function Services() {
  return (
    <>
      <JsonLd data={serviceLd({ name: `${BUSINESS.legalName} Services`, description: SERVICE_DESCRIPTION, path: '/services' })} />
      <Hero
        tone="clay"
        eyebrow="Services"
        title="Hair care as a ritual, not a race"
        lead="Locs, braids and protective styles installed with low tension and clean products, in a studio designed to help you breathe."
        actions={
          <>
            <BookLink variant="gold">Schedule Sacred Time</BookLink>
            <ButtonLink href="#why" variant="light">
              Why KYB
            </ButtonLink>
          </>
        }
        image={{ src: '/images/services-hero.svg', alt: 'Illustration of hands retwisting locs with a comb and a bowl of herbs', width: 520, height: 440 }}
      />

      <Section id="why" title="Why A KYB Service" center>
        <div class="grid grid--3">
          {WHY_KYB.map((w) => (
            <Feature icon={w.icon} title={w.title}>
              <p>{w.text}</p>
            </Feature>
          ))}
        </div>
      </Section>

      <Section id="extensions" tone="sand" title="Extensions & Products">
        <div class="split">
          <div class="prose">
            <p>We install our own handmade Jah, Trinity and Irie Locs, and stock products from partner brands whose ingredients and practices we have checked ourselves.</p>
            <p>Makers, suppliers and stylists who share our standards are welcome to join our ecosystem.</p>
            <div class="actions">
              <ButtonLink href="/products">Shop Loc Extensions</ButtonLink>
              <ButtonLink href="/partners" variant="outline">
                Join Our Eco System
              </ButtonLink>
            </div>
          </div>
        </div>
      </Section>

      <Section id="amenities" title="Amenities" intro="Part of every visit, at no extra cost." center>
        <div class="grid grid--5">
          {AMENITIES.map((a) => (
            <Feature icon={a.icon} title={a.title}>
              <p>{a.text}</p>
            </Feature>
          ))}
        </div>
      </Section>

      <Section id="premium-add-ons" tone="cream" title="Premium Add-Ons" intro="Included in select services. They cannot be booked separately.">
        <div class="grid grid--3">
          {PREMIUM_ADD_ONS.map((a) => (
            <Feature icon={a.icon} title={a.title}>
              <p>{a.text}</p>
            </Feature>
          ))}
        </div>
      </Section>

      <Section id="discounts" title="Discounts" center>
        <div class="grid grid--3">
          {DISCOUNTS.map((d) => (
            <Feature icon={d.icon} title={d.title}>
              <p>{d.text}</p>
            </Feature>
          ))}
        </div>
      </Section>

      <Section id="client-reviews" tone="sand" title="What clients say" center>
        <ul class="quote-grid">
          {STATIC_REVIEWS.map((r) => (
            <li class="quote">
              <Stars rating={r.rating} />
              <blockquote>
                <p>{r.text}</p>
              </blockquote>
              <p class="quote__meta">
                <span>{r.name}</span> <span class="tag">{r.style}</span>
              </p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="partners" title="Trusted partners" intro="Brands we use in the studio and recommend to clients.">
        <PartnerGrid brands={TRUSTED_PARTNERS} />
        <p>
          <ButtonLink href="/shop" variant="outline">
            View All Partners
          </ButtonLink>
        </p>
      </Section>

      <Section id="rewards" tone="clay" eyebrow="Rewards" title="Your loyalty, rewarded">
        <div class="split split--media">
          <LoyaltyCardImage class="loyalty-card" />
          <div>
            <h3>How It Works</h3>
            <Steps steps={REWARDS_STEPS} />
            <ButtonLink href="/rewards" variant="light">
              Explore Rewards
            </ButtonLink>
          </div>
        </div>
      </Section>

      <Section id="scheduling" title="Scheduling & Waitlist">
        <div class="notice">
          <Icon name="calendar" />
          <p>
            Our calendar opens several weeks ahead and popular times fill quickly. If you cannot find a time that suits you, or the booking page shows no availability, call or text{' '}
            <PhoneLink /> to join the waitlist and we will contact you when a spot opens.
          </p>
        </div>
        <div class="notice notice--muted">
          <Icon name="shield" />
          <p>
            <strong>Terms.</strong> A deposit may be required to secure your appointment. Cancel or reschedule at least {POLICY.cancelHours} hours ahead using the link in your
            confirmation e-mail. Late arrivals of more than {POLICY.graceMinutes} minutes may need to be rebooked, and no-shows are charged {POLICY.noShowCharge} of the service
            price. Full details are in our <a href="/faq#policies">FAQ</a>.
          </p>
        </div>
      </Section>

      <Section id="feed" tone="cream" title="From our Instagram" intro="Fresh installs and studio moments.">
        <VideoPoster
          title="See the latest from the studio"
          text="Opens our Instagram profile."
          poster="/images/social-feed.svg"
          url={BUSINESS.social.instagram}
          platform="Instagram"
        />
      </Section>

      <kyb-sticky-bar threshold="300">
        <div class="booking-bar">
          <div class="container booking-bar__inner">
            <p>
              <strong>Ready to book?</strong> <span class="booking-bar__sub">Pick a service and a time that suits you.</span>
            </p>
            <ExtLink href={bookingLink()} class="btn btn--gold">
              Book with Acuity
            </ExtLink>
          </div>
        </div>
      </kyb-sticky-bar>
    </>
  );
}
