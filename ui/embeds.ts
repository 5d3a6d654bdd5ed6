/**
 * The elements the business may embed elsewhere (issue #22; docs/embedding.md), once: /admin/embed offers
 * these, the site prerenders one /embed/<path> page for each (site/pages/Embed.tsx), and the tests serve
 * each snippet form of them. Only public elements that work without a session and survive a sandboxed
 * frame without allow-same-origin (no storage, no sign-in) belong here.
 */
import { reviewSubjectName } from '../shared/catalog.ts';
import { DEFAULT_REVIEW_SLUG, REVIEW_SLUGS } from '../shared/rules/reviews.ts';

export interface EmbedOption {
  value: string;
  label: string;
}

/** An attribute the business sets in the builder, which the /embed page also takes from its query string. */
export interface EmbedAttr {
  name: string;
  label: string;
  hint?: string;
  /** A choice from a list; else free text. */
  options?: readonly EmbedOption[];
  default: string;
  /** Free text: at most this long (the widgets' own limit). */
  maxLength?: number;
}

export interface Intro {
  heading: string;
  text: string;
}

export interface Embed {
  tag: string;
  /** /embed/<path> */
  path: string;
  /** What the builder's picker says. */
  name: string;
  /** One line under it. */
  summary: string;
  /** The iframe's accessible name. */
  frameTitle: string;
  attrs: readonly EmbedAttr[];
  /** Attributes every embed of it carries, not chosen (kyb-reviews links to the site instead of signing in). */
  fixed?: Readonly<Record<string, string>>;
  /** Light-DOM content the element shows above its form through its slot (kyb-newsletter). */
  inner?: Intro;
  /** A heading and line before the element, for an element that shows no light DOM of its own. */
  intro?: Intro;
  /** The iframe's height when the resizer script is not used, in px: the element's usual height at phone width. */
  height: number;
}

const sourcePage = (what: string): EmbedAttr => ({
  name: 'source-page',
  label: 'Where it is shown (optional)',
  hint: `Recorded with each ${what} and shown in the admin inbox, e.g. instagram-bio. Left empty: /embed/… for the iframe and the link, the page's own address for the script tag.`,
  default: '',
  maxLength: 100,
});

export const EMBEDS: readonly Embed[] = [
  {
    tag: 'kyb-reviews',
    path: 'reviews',
    name: 'Reviews',
    summary: 'The rating, the approved reviews and their photos for one product, with filters.',
    frameTitle: 'KYB customer reviews',
    attrs: [
      {
        name: 'slug',
        label: 'Product',
        options: REVIEW_SLUGS.map((s) => ({ value: s, label: reviewSubjectName(s) })),
        default: DEFAULT_REVIEW_SLUG,
      },
    ],
    fixed: { write: 'link' },
    height: 900,
  },
  {
    tag: 'kyb-newsletter',
    path: 'newsletter',
    name: 'Newsletter sign-up',
    summary: 'Join the Circle: name, e-mail and consent, stored with the newsletter list.',
    frameTitle: 'Join the KYB newsletter',
    attrs: [sourcePage('sign-up')],
    inner: { heading: 'Join the Circle', text: 'Seasonal rituals, new loc drops, studio openings and free resources, a couple of times a month.' },
    height: 640,
  },
  {
    tag: 'kyb-waitlist',
    path: 'waitlist',
    name: 'DIY kit waiting list',
    summary: 'One e-mail field for the DIY Trinity Loc Kit’s waiting list.',
    frameTitle: 'Join the KYB DIY kit waiting list',
    attrs: [sourcePage('sign-up')],
    intro: { heading: 'DIY Trinity Loc Kit', text: 'Be first in line: join the waiting list and we will e-mail you when the kit launches.' },
    height: 260,
  },
  {
    tag: 'kyb-partnership-form',
    path: 'partnership-form',
    name: 'Partnership inquiry form',
    summary: 'For affiliates, suppliers and collaborators; inquiries land in the admin inbox.',
    frameTitle: 'Partner with KYB',
    attrs: [],
    intro: { heading: 'Partner with KYB', text: 'Affiliates, suppliers and collaborators: tell us about you and your idea.' },
    height: 780,
  },
];

export function embedByPath(path: string): Embed | undefined {
  return EMBEDS.find((e) => e.path === path);
}

/** The attribute values of a choice: the defaults, then what was chosen (blank free text is left out). */
export function embedAttrs(embed: Embed, chosen: Readonly<Record<string, string>> = {}): [string, string][] {
  const out: [string, string][] = [];
  for (const a of embed.attrs) {
    const v = (chosen[a.name] ?? a.default).trim().slice(0, a.maxLength ?? 300);
    const allowed = !a.options || a.options.some((o) => o.value === v);
    if (v && allowed) out.push([a.name, v]);
    else if (a.default) out.push([a.name, a.default]);
  }
  return out;
}
