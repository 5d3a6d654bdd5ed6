/** The social profiles, in the order the pages list them (docs/tools.md#vault-and-resources: Pinterest, YouTube, Instagram, TikTok). */
import { BUSINESS } from '../../shared/business.ts';

export const SOCIALS = [
  { name: 'Instagram', href: BUSINESS.social.instagram, icon: 'instagram', handle: '@kybhaircare' },
  { name: 'YouTube', href: BUSINESS.social.youtube, icon: 'youtube', handle: '@kybhaircare' },
  { name: 'TikTok', href: BUSINESS.social.tiktok, icon: 'tiktok', handle: '@kybhaircare' },
  { name: 'Pinterest', href: BUSINESS.social.pinterest, icon: 'pinterest', handle: 'kybhaircare' },
] as const;

export type SocialName = (typeof SOCIALS)[number]['name'];
export const social = (name: SocialName) => SOCIALS.find((s) => s.name === name)!;
