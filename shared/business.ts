/**
 * The business's external addresses and contact details, in one place (issue #4): the site's pages and
 * the widgets (Book Consultation, Buy Now hand-offs) read them from here. Placeholders until the
 * business fills them in; change them here and rebuild.
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
  /** Placeholder card-checkout link (docs/catalog.md#product-detail-pages: Add to Cart on the handmade page). */
  cardCheckoutUrl: 'https://checkout.square.site/kyb-handmade-locs',
  /** Placeholder payment links for the Crown Planner tiers (docs/tools.md#crown-planner-page: pdf $13, bundle $27). */
  plannerPaymentUrl: (tier: 'pdf' | 'bundle') => `https://buy.stripe.com/kyb-crown-planner-${tier}`,
  /** Placeholder payment link for loc and kit orders (Buy Now hand-off from the configurator). */
  orderPaymentUrl: 'https://checkout.square.site/kyb-loc-orders',
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
  copyrightYear: 2025,
} as const;

/** Booking link; with `consultation` it carries the consultation's appointmentType. */
export function bookingLink(opts: { consultation?: boolean } = {}): string {
  if (!opts.consultation) return BUSINESS.bookingUrl;
  const u = new URL(BUSINESS.bookingUrl);
  u.searchParams.set('appointmentType', BUSINESS.consultationAppointmentType);
  return u.toString();
}
