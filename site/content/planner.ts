/** CROWN Planner landing page copy (docs/pages.md#business-details, docs/tools.md#crown-planner-page). Tier prices come from catalog.ts. */
import type { IconName } from '../components/icons.tsx';
import { POLICY } from './faq.ts';

export const PLANNER = {
  name: 'CROWN Planner',
  edition: 'Protective Styling Edition',
  templates: '139+',
  trustedBy: '1000+',
  /** 16:9, the frame of the planner gallery's stage. */
  cover: '/images/planner-cover.svg',
  coverWidth: 960,
  coverHeight: 540,
  coverAlt: 'The CROWN Planner, Protective Styling Edition: a brown cover with a gold crown, beside template pages and stickers',
} as const;

export const PLANNER_BENEFITS: { icon: IconName; title: string; text: string }[] = [
  { icon: 'calendar', title: 'Plan every install', text: 'Map styles, dates, budgets and stylists months ahead, so your hair gets rest between installs.' },
  { icon: 'drop', title: 'Never miss a ritual', text: 'Wash-day, oiling and moisture trackers keep your routine steady when life gets busy.' },
  { icon: 'target', title: 'See your progress', text: 'Length checks, retention logs and photo pages show what your care is doing.' },
  { icon: 'basket', title: 'Spend with intention', text: 'A product pantry and budget pages stop repeat purchases and products that do not suit you.' },
  { icon: 'sparkle', title: 'Make it yours', text: 'A digital sticker book to decorate, highlight and celebrate milestones.' },
  { icon: 'users', title: 'Plan together', text: 'Community access through our broadcast channel for tips, prompts and updates.' },
];

export const PLANNER_RECEIVE: string[] = [
  'The CROWN Planner PDF: 139+ hyperlinked and printable templates',
  'A how-to walkthrough for setting up your planner in any PDF app',
  'The digital sticker book',
  'Community access through our social broadcast channel',
  'Free quarterly updates',
];

export const PLANNER_INSIDE: { title: string; text: string }[] = [
  { title: 'Style Planner', text: 'Plan each protective style: inspiration, stylist, budget, install and takedown dates.' },
  { title: 'Ritual Trackers', text: 'Wash days, deep conditioning, oiling and scalp checks, monthly and weekly.' },
  { title: 'Hair Health Log', text: 'Length checks, retention, breakage notes and progress photo pages.' },
  { title: 'Product Pantry', text: 'What you own, what works, what to restock and what to avoid.' },
  { title: 'Budget & Savings', text: 'Plan spending on services and products and save for your next install.' },
  { title: 'Journal & Affirmations', text: 'Reflection prompts and affirmations for the days your hair journey feels long.' },
];

/** The four steps of How It Works, named like a build (docs/tools.md#crown-planner-page). */
export const PLANNER_STEPS: { title: string; text: string }[] = [
  { title: 'Initialize your Crown', text: 'Download the planner, open it in your favourite PDF app and fill in your hair profile.' },
  { title: 'Compile your Plan', text: 'Choose your next protective style, set your dates and budget, and list what you need.' },
  { title: 'Run the Install', text: 'Follow your plan through install day and the weeks after with the ritual trackers.' },
  { title: 'Debug & Evolve', text: 'Review what worked, note what did not and carry the lessons into your next style.' },
];

export const PLANNER_FAQ: { q: string; a: string }[] = [
  { q: 'Is the planner a physical book?', a: 'No. It is a digital PDF you can use in an annotation app or print at home, page by page or all at once.' },
  { q: 'Which apps does it work with?', a: 'GoodNotes, Notability, Xodo and any app that supports PDF hyperlinks. It works on tablets and computers.' },
  { q: 'How do I receive it?', a: 'Right after checkout you receive an e-mail with your download link and the how-to walkthrough.' },
  { q: 'Do I get updates?', a: 'Yes. We release updates quarterly, free for everyone who has bought the planner.' },
  { q: 'Can I get a refund?', a: `Yes, within ${POLICY.plannerRefundDays} days of purchase. E-mail us with your order details.` },
];
