/**
 * The business's external addresses and contact details, in one place (issue #4): the site's pages and
 * the widgets (Book Consultation, the DM button) read them from here. Placeholders until the business
 * fills them in; change them here and rebuild. Payments go through the site's own checkout (Stripe,
 * docs/commerce.md), not through links from here.
 */
export const BUSINESS = {
  name: 'KYB',
  legalName: 'KYB Holistic Haircare',
  tagline: 'Making haircare more self-sufficient and sustainable through digital solutions, services and products.',
  /** External scheduling service (docs/data.md#calls: "an external booking service"). */
  bookingUrl: 'https://kyb.as.me/schedule',
  /** appointmentType for the free consultation (docs/pages.md#home, docs/data.md#calls). */
  consultationAppointmentType: '12345678',
  /** Direct-message chat on a social network (floating button). */
  dmUrl: 'https://ig.me/m/kybhaircare',
  email: 'hello@kybhaircare.com',
  pressEmail: 'press@kybhaircare.com',
  phone: '+1 (404) 555-0123',
  phoneHref: 'tel:+14045550123',
  amazonStorefrontUrl: 'https://www.amazon.com/shop/kybhaircare',
  broadcastChannelUrl: 'https://www.instagram.com/channel/kybcrowncircle',
  chatCommunityUrl: 'https://discord.gg/kybcrown',
  social: {
    instagram: 'https://www.instagram.com/kybhaircare',
    youtube: 'https://www.youtube.com/@kybhaircare',
    tiktok: 'https://www.tiktok.com/@kybhaircare',
    pinterest: 'https://www.pinterest.com/kybhaircare',
  },
  areaServed: ['Atlanta', 'Cayman Islands'],
  siteUrl: 'https://kybhaircare.com',
  /**
   * The year the site is built (issue #29: "© 2025" stayed on every page). Pages and guides are
   * prerendered, so this is read once, at the build; no element reads it in the browser.
   */
  copyrightYear: new Date().getUTCFullYear(),
} as const;

/** Booking link; with `consultation` it carries the consultation's appointmentType. */
export function bookingLink(opts: { consultation?: boolean } = {}): string {
  if (!opts.consultation) return BUSINESS.bookingUrl;
  const u = new URL(BUSINESS.bookingUrl);
  u.searchParams.set('appointmentType', BUSINESS.consultationAppointmentType);
  return u.toString();
}
