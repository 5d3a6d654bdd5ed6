/**
 * The brand's link-in-bio page, /links (issue #22; docs/pages.md#links): its links in page order, and the
 * id each one's clicks are counted under. The site renders the page from this list, the `link-click`
 * function accepts only these ids (anything else is refused, so nobody can fill the table with made-up
 * links), and the admin screen names the counts with these labels. An id is stored in
 * public.link_clicks.link (its CHECK allows `[a-z0-9-]`, at most 40 characters): rename one and its
 * earlier counts stay under the old id.
 */
import { BUSINESS, bookingLink } from './business.ts';

export interface BioLink {
  id: string;
  label: string;
  /** A path on the site, or an absolute URL elsewhere (opened in a new tab). */
  href: string;
  /** One short line under the label. */
  note?: string;
}

/** The buttons, in page order; the first is the page's main action. */
export const BIO_LINKS = [
  { id: 'book', label: 'Book Now', href: bookingLink(), note: 'Locs, braids and protective styles' },
  { id: 'shop', label: 'Shop Loc Extensions', href: '/products', note: 'Handmade Jah, Trinity and Irie Locs' },
  { id: 'handmade-locs', label: 'Handmade Faux Locs', href: '/handmade-locs', note: 'Soft, lightweight, made to order' },
  { id: 'crown-planner', label: 'The CROWN Planner', href: '/digital-tools/crown-planner', note: 'Plan every protective style' },
  { id: 'vault', label: 'Free Downloads', href: '/vault', note: 'Checklists, guides and a ritual tracker' },
  { id: 'website', label: 'Visit Our Website', href: '/' },
] as const satisfies readonly BioLink[];

/** The social profiles' ids are the keys of BUSINESS.social (the page draws them as icons). */
export type SocialLinkId = keyof typeof BUSINESS.social;
export const SOCIAL_LINK_IDS = Object.keys(BUSINESS.social) as SocialLinkId[];

export type LinkClickId = (typeof BIO_LINKS)[number]['id'] | SocialLinkId;

/** Every id the link-click function counts. */
export const LINK_CLICK_IDS: readonly LinkClickId[] = [...BIO_LINKS.map((l) => l.id), ...SOCIAL_LINK_IDS];

export function isLinkClickId(id: unknown): id is LinkClickId {
  return typeof id === 'string' && (LINK_CLICK_IDS as readonly string[]).includes(id);
}

const SOCIAL_LABELS: Record<SocialLinkId, string> = { instagram: 'Instagram', youtube: 'YouTube', tiktok: 'TikTok', pinterest: 'Pinterest' };

/** What the admin screen calls a link. */
export function linkClickLabel(id: string): string {
  return BIO_LINKS.find((l) => l.id === id)?.label ?? SOCIAL_LABELS[id as SocialLinkId] ?? id;
}

/** The address a link's ping goes to: the link-click function of the backend at `supabaseUrl`. */
export function linkClickUrl(supabaseUrl: string, id: LinkClickId): string {
  return `${supabaseUrl.replace(/\/+$/, '')}/functions/v1/link-click?link=${encodeURIComponent(id)}`;
}
