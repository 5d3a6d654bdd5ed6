/**
 * The Vault's printable guides (docs/tools.md#vault-and-resources: Starter Care Checklist (PDF), Takedown
 * Guide (PDF)), once: site/pdf.ts renders each to /downloads/<id>.pdf at build time, so the files the
 * Download buttons fetch are the PDFs their labels promise (issue #8: they were HTML pages).
 */
import { BUSINESS } from '../../shared/business.ts';

const site = new URL(BUSINESS.siteUrl).host;

export interface GuideSection {
  heading: string;
  /** Checklist items: each printed with a tick box. */
  items: string[];
}
export interface Guide {
  /** File name on the site: /downloads/<id>.pdf. */
  id: string;
  title: string;
  lead: string;
  sections: GuideSection[];
  /** Closing note (contact, advice disclaimer). */
  footer: string;
}

/** Where the build writes a guide's PDF on the site (site/prerender.ts). */
export const guideHref = (g: Pick<Guide, 'id'>) => `/downloads/${g.id}.pdf`;

export const GUIDES: readonly Guide[] = [
  {
    id: 'starter-care-checklist',
    title: 'Starter Care Checklist',
    lead: 'The first 90 days of a new loc or protective-style install, week by week. Print it, pin it up, tick it off.',
    sections: [
      {
        heading: 'Install day',
        items: [
          'Ask your stylist for your care card and note the date of your install.',
          'Check tension: nothing should throb, pull or feel tight after the first evening.',
          'Take a "day one" photo from the front, back and both sides.',
        ],
      },
      {
        heading: 'Week 1',
        items: [
          'Sleep in a satin scarf or bonnet, or on a satin pillowcase, every night.',
          'Do not wash yet. Refresh the scalp with a light mist of water and aloe if it feels tight.',
          'Oil the scalp sparingly, not the locs, two or three times this week.',
          'Message your stylist if tenderness lasts more than a couple of days.',
        ],
      },
      {
        heading: 'Weeks 2 to 4',
        items: [
          'First wash: dilute a gentle shampoo, focus on the scalp, squeeze the suds through and rinse well.',
          'Dry completely: air-dry or sit under a hooded dryer. Never go to bed with damp locs.',
          'From week 2 you can swim: wear a cap where you can and rinse thoroughly afterwards.',
          'Keep a note of how your scalp feels after each wash in the Ritual Tracker.',
        ],
      },
      {
        heading: 'Weeks 5 to 12',
        items: [
          'Wash every 1 to 2 weeks, or sooner after workouts and swims.',
          'Book your refresh: we suggest every 4 to 8 weeks.',
          'Check your edges and hairline monthly; give them a break if they look thin.',
          'Take a "day ninety" photo and compare it with day one.',
        ],
      },
    ],
    footer: `Questions? E-mail ${BUSINESS.email} or visit ${site}/faq. This guide is general advice, not medical advice; see a professional about any scalp condition.`,
  },
  {
    id: 'takedown-guide',
    title: 'Takedown Guide',
    lead: 'Remove braids, twists and loc extensions gently, without losing length or breaking your edges. Set aside an unhurried afternoon.',
    sections: [
      {
        heading: 'Before you start',
        items: [
          'Gather: a rat-tail comb, small scissors, clips, a spray bottle of water with a little conditioner, and a wide-tooth comb.',
          'Work on dry or lightly misted hair. Soaking wet hair tangles and swells.',
          'Put on a film or music. Rushing is how hair breaks.',
        ],
      },
      {
        heading: 'Loc extensions',
        items: [
          'Find where the extension meets your own hair and snip only the extension hair below your ends.',
          'Mist the join with your slip spray and unwrap or unloop the extension slowly.',
          'Keep the extension aside if you plan to reuse it: rinse, dry fully and store it in a satin bag.',
        ],
      },
      {
        heading: 'Braids and twists',
        items: [
          'Cut below the end of your natural hair, then unravel from the bottom up.',
          'Hold each section at the root while you work, so you never pull on the scalp.',
          'Gently pull out shed hair with your fingers before you comb.',
        ],
      },
      {
        heading: 'Detangle and reset',
        items: [
          'Detangle in small sections with conditioner, ends first, then the middle, then the roots.',
          'Cleanse and deep condition; a clay or detox treatment helps lift build-up.',
          'Give your hair and scalp at least a week before the next install.',
        ],
      },
    ],
    footer: `Prefer us to do it? Book a takedown at ${site}/services. Questions: ${BUSINESS.email}.`,
  },
];
