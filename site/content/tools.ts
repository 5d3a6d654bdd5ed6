/**
 * Digital tools hub, Vault/resources and beta copy (docs/tools.md, docs/data.md#entities). Downloads are real files: the PDFs
 * the build makes from content/downloads.ts (site/pdf.ts) and site/public/downloads/ritual-tracker.html.
 */
import { BUSINESS } from '../../shared/business.ts';
import { VAULT_DOWNLOADS, type VaultDownload } from '../../shared/vault.ts';
import type { IconName } from '../components/icons.tsx';

export const TOOL_FEATURES: { icon: IconName; title: string; text: string }[] = [
  {
    icon: 'target',
    title: 'Goal Tracking',
    text: 'Set length, health and retention goals, log progress photos and see how far your crown has come.',
  },
  {
    icon: 'calendar',
    title: 'Ritual Scheduler',
    text: 'Wash days, oiling, retwists and takedowns on one calendar, with gentle reminders so nothing slips.',
  },
  {
    icon: 'basket',
    title: 'Product Pantry',
    text: 'Keep track of what is on your shelf, what works for your hair and when it is time to restock.',
  },
];

export interface Resource extends VaultDownload {
  fileType: 'PDF' | 'Digital';
  icon: IconName;
  download: string;
}

const RESOURCE_ICONS: Record<string, IconName> = {
  'starter-care-checklist': 'check',
  'takedown-guide': 'scissors',
  'ritual-tracker': 'calendar',
};

/**
 * The three resources of /vault and /resources (docs/tools.md). The Vault's files (shared/vault.ts), which
 * are kyb-vault's default items too, are the source, so the Vault cards in the tools hub and the downloads
 * page always offer the same files.
 */
export const RESOURCES: Resource[] = VAULT_DOWNLOADS.map((item) => ({
  ...item,
  fileType: item.fileType === 'Digital' ? 'Digital' : 'PDF',
  icon: RESOURCE_ICONS[item.id] ?? 'download',
  download: item.download ?? item.href.split('/').pop()!,
}));

/** Social platform entries (docs/data.md#entities: platform, url, embedUrl) in the Vault's order. */
export const SOCIAL_PLATFORMS: { platform: 'Pinterest' | 'YouTube' | 'Instagram' | 'TikTok'; url: string; icon: IconName; text: string }[] = [
  { platform: 'Pinterest', url: BUSINESS.social.pinterest, icon: 'pinterest', text: 'Style boards for every length, size and occasion.' },
  { platform: 'YouTube', url: BUSINESS.social.youtube, icon: 'youtube', text: 'Install tutorials, care routines and studio sessions.' },
  { platform: 'Instagram', url: BUSINESS.social.instagram, icon: 'instagram', text: 'Fresh installs, client stories and studio news.' },
  { platform: 'TikTok', url: BUSINESS.social.tiktok, icon: 'tiktok', text: 'Quick tips, takedowns and behind the scenes.' },
];

/** Two videos on the tools hub: local posters that link out (no third-party frame loads by default). */
export const TOOL_VIDEOS: { title: string; text: string; poster: string; url: string }[] = [
  {
    title: 'A tour of the CROWN Planner',
    text: 'Five minutes through the templates, the hyperlinked index and the sticker book.',
    poster: '/images/video/planner-tour.svg',
    url: `${BUSINESS.social.youtube}/videos`,
  },
  {
    title: 'Wash day ritual for locs',
    text: 'Our stylists walk through a calm, thorough wash day for locs and loc extensions.',
    poster: '/images/video/wash-day.svg',
    url: `${BUSINESS.social.youtube}/videos`,
  },
];

/** Beta Access Tools (docs/tools.md#beta-area): the planner and five Coming Soon tools. */
export const BETA_TOOLS: { title: string; text: string; icon: IconName }[] = [
  { title: 'AI Hair Quiz', text: 'Answer a few questions and get a care routine matched to your hair.', icon: 'sparkle' },
  { title: 'Community Hub', text: 'Share progress, ask questions and swap tips with other testers.', icon: 'users' },
  { title: 'Digital Library', text: 'Every guide, checklist and tutorial in one searchable place.', icon: 'book' },
  { title: 'Smart Scheduler', text: 'Plans your wash days and refreshes around your calendar.', icon: 'calendar' },
  { title: 'Goals Tracker', text: 'Track length, retention and scalp health over time.', icon: 'target' },
];
