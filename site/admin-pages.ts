/**
 * The admin pages (not indexed, not in the site's navigation), in the order of their own navigation:
 * path, title (also the nav's label) and meta description. routes.ts builds their routes from this and
 * components/AdminNav.tsx their links, so neither imports the other (routes.ts imports the pages, and the
 * pages import the nav). A new admin page is a row here and its page in routes.ts.
 */
export const ADMIN_PAGES = {
  '/admin/orders': {
    title: 'Orders',
    description: 'Run what the shop sold: every order, its payments and history, its next step, and the Crown Planner files.',
  },
  '/admin/launch': {
    title: 'Kit Launch',
    description: 'Put the DIY Trinity Kit on sale when it launches, and follow the e-mail to its waiting list.',
  },
  '/admin/inbox': {
    title: 'Inbox',
    description: 'Read and triage what visitors send: partnership inquiries, beta requests, opt-ins and subscriptions.',
  },
  '/admin/rewards': {
    title: 'Rewards',
    description: 'See the rewards cards: new rewards issued, members by visits and tier, each visit, and corrections with a reason.',
  },
  '/admin/reviews': {
    title: 'Review Moderation',
    description: 'Approve or delete the product reviews customers submit.',
  },
  '/admin/gallery': {
    title: 'Gallery Administration',
    description: 'Manage the images and videos of the CROWN Planner gallery.',
  },
  '/admin/embed': {
    title: 'Embed Builder',
    description: 'Put the reviews, the newsletter or the waiting list on another site: pick, style, preview and copy the embed code.',
  },
} as const;

export type AdminPath = keyof typeof ADMIN_PAGES;
export const ADMIN_PATHS = Object.keys(ADMIN_PAGES) as AdminPath[];
