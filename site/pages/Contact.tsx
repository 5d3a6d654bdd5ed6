/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/** Contact (/contact, linked by the spec): e-mail, direct message, phone (docs/pages.md#business-details). */
import { BUSINESS } from '../../shared/business.ts';
import { BookLink, Hero, Section } from '../components/ui.tsx';
import { POLICY } from '../content/faq.ts';
import { ContactOptions } from './sections.tsx';

export function Contact() {
  return (
    <>
      <Hero tone="sand" eyebrow="Contact" title="We would love to hear from you" lead={`Questions, bookings, orders or ideas: we reply within ${POLICY.faqReply}.`} compact />
      <Section id="ways" title="Ways to reach us">
        <ContactOptions />
        <p class="note">
          Call or text {BUSINESS.phone} to join the waitlist when the booking page shows no times that suit you. Press enquiries:{' '}
          <a href={`mailto:${BUSINESS.pressEmail}`}>{BUSINESS.pressEmail}</a>. Partnerships: <a href="/partners">send an inquiry</a>.
        </p>
      </Section>
      <Section id="book" tone="cream" title="Prefer to book straight away?" center>
        <div class="actions actions--center">
          <BookLink>Book Now</BookLink>
          <BookLink consultation variant="outline">
            Book a Free Consultation
          </BookLink>
        </div>
        <p class="center small">
          Quick answers are in the <a href="/faq">FAQ</a>.
        </p>
      </Section>
    </>
  );
}
