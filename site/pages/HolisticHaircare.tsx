/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * The studio page (docs/pages.md#studio): hero, benefits, amenities, partner brands, add-ons, loyalty
 * tiers, booking links, a fixed bottom booking bar and reviews (slug holistic-haircare).
 */
import { bookingLink } from '../../shared/business.ts';
import { STUDIO_ADD_ONS, STUDIO_LOYALTY } from '../../shared/catalog.ts';
import { formatUSD } from '../../shared/pricing.ts';
import { BookLink, ButtonLink, ExtLink, Feature, Hero, Section } from '../components/ui.tsx';
import { Icon } from '../components/icons.tsx';
import { TRUSTED_PARTNERS } from '../content/partners.ts';
import { AMENITIES, STUDIO_BENEFITS } from '../content/studio.ts';
import { PartnerGrid, ReviewsSection } from './sections.tsx';

export function HolisticHaircare() {
  return (
    <>
      <Hero
        tone="forest"
        eyebrow="The KYB studio"
        title="Holistic Haircare Haven"
        lead="Step out of the rush. Our studio is a calm space for locs, braids and protective styles, where every service begins with your scalp and ends with a plan for your hair at home."
        actions={
          <>
            <BookLink variant="gold">Book Your Visit</BookLink>
            <BookLink consultation variant="light">
              Free Consultation
            </BookLink>
          </>
        }
        image={{ src: '/images/studio.svg', alt: 'Illustration of a sunlit studio chair beside plants and a tea tray', width: 480, height: 320 }}
      />

      <Section id="benefits" title="Why clients choose the studio" center>
        <div class="grid grid--4">
          {STUDIO_BENEFITS.map((b) => (
            <Feature icon={b.icon} title={b.title}>
              <p>{b.text}</p>
            </Feature>
          ))}
        </div>
      </Section>

      <Section id="amenities" tone="sand" eyebrow="Included in every visit" title="Amenities" center>
        <div class="grid grid--5">
          {AMENITIES.map((a) => (
            <Feature icon={a.icon} title={a.title}>
              <p>{a.text}</p>
            </Feature>
          ))}
        </div>
      </Section>

      <Section id="add-ons" title="Studio add-ons" intro="Add any of these to your appointment when you book.">
        <ul class="addon-list">
          {STUDIO_ADD_ONS.map((a) => (
            <li class="addon">
              <span class="addon__name">{a.name}</span>
              <span class="addon__time">
                <Icon name="clock" /> {a.minutes} min
              </span>
              <span class="addon__price">{formatUSD(a.price)}</span>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="loyalty" tone="clay" eyebrow="Loyalty" title="Visits that add up" center>
        <ul class="loyalty-tiers">
          {STUDIO_LOYALTY.map((l) => (
            <li>
              <span class="loyalty-tiers__label">{l.label}</span>
              <span class="loyalty-tiers__reward">{l.reward}</span>
            </li>
          ))}
        </ul>
        <p class="center">
          <ButtonLink href="/rewards" variant="light">
            See the rewards programme
          </ButtonLink>
        </p>
      </Section>

      <Section id="partners" title="Partner brands" intro="The products on our shelves come from makers we know and trust.">
        <PartnerGrid brands={TRUSTED_PARTNERS} />
        <p>
          <a href="/shop#affiliate-brands">See all partner brands</a>
        </p>
      </Section>

      <Section id="book" tone="cream" title="Ready when you are" center>
        <p class="center">Choose a service and a time that suits you on our booking page. You will get a confirmation e-mail and reminders.</p>
        <div class="actions actions--center">
          <BookLink>Book a Service</BookLink>
          <BookLink consultation variant="outline">
            Book a Free Consultation
          </BookLink>
        </div>
      </Section>

      <ReviewsSection slug="holistic-haircare" name="the KYB studio" />

      <kyb-sticky-bar threshold="300">
        <div class="booking-bar">
          <div class="container booking-bar__inner">
            <p>
              <strong>Holistic Haircare Haven</strong> <span class="booking-bar__sub">Calm, unhurried appointments</span>
            </p>
            <ExtLink href={bookingLink()} class="btn btn--gold">
              Book Now
            </ExtLink>
          </div>
        </div>
      </kyb-sticky-bar>
    </>
  );
}
