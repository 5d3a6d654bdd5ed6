/**
 * The route table, once (docs/pages.md#route-table). It drives prerendering (one file per path
 * and alias), the sitemap, robots.txt, the header and footer labels, and the tests.
 *
 * An alias renders the same page as its route, at its own address, with the route's canonical URL, so
 * search engines index one copy and old or printed links keep working without a redirect hop.
 */
import type { FunctionComponent } from 'preact';
import { HANDMADE_LOCS, PRODUCTS, type ProductId } from '../shared/catalog.ts';
import { formatUSD, fromPrice, plannerFromPrice } from '../shared/pricing.ts';
import { ADMIN_PAGES, type AdminPath } from './admin-pages.ts';
import { PRESS_ITEMS } from './content/press.ts';
import { About } from './pages/About.tsx';
import { Account } from './pages/Account.tsx';
import { AdminEmbed } from './pages/AdminEmbed.tsx';
import { AdminGallery } from './pages/AdminGallery.tsx';
import { AdminInbox } from './pages/AdminInbox.tsx';
import { AdminLaunch } from './pages/AdminLaunch.tsx';
import { AdminOrders } from './pages/AdminOrders.tsx';
import { AdminReviews } from './pages/AdminReviews.tsx';
import { AdminRewards } from './pages/AdminRewards.tsx';
import { Beta } from './pages/Beta.tsx';
import { BetaTester } from './pages/BetaTester.tsx';
import { Blog } from './pages/Blog.tsx';
import { Cart } from './pages/Cart.tsx';
import { Contact } from './pages/Contact.tsx';
import { CrownPlanner } from './pages/CrownPlanner.tsx';
import { DigitalTools } from './pages/DigitalTools.tsx';
import { Ethics } from './pages/Ethics.tsx';
import { Faq } from './pages/Faq.tsx';
import { FaqLocs } from './pages/FaqLocs.tsx';
import { HandmadeLocs } from './pages/HandmadeLocs.tsx';
import { HolisticHaircare } from './pages/HolisticHaircare.tsx';
import { Home } from './pages/Home.tsx';
import { Cookies, Privacy } from './pages/Legal.tsx';
import { Links } from './pages/Links.tsx';
import { LocBible } from './pages/LocBible.tsx';
import { NotFound } from './pages/NotFound.tsx';
import { OrderConfirmed, OrderStatus } from './pages/Order.tsx';
import { Partners } from './pages/Partners.tsx';
import { Press } from './pages/Press.tsx';
import { pressArticle } from './pages/PressArticle.tsx';
import { productPage } from './pages/product/index.tsx';
import { Products } from './pages/Products.tsx';
import { Resources } from './pages/Resources.tsx';
import { Rewards } from './pages/Rewards.tsx';
import { Services } from './pages/Services.tsx';
import { Shop } from './pages/Shop.tsx';
import { LocsTeaser, PlannerTeaser } from './pages/Teasers.tsx';
import { Unsubscribe } from './pages/Unsubscribe.tsx';

/**
 * The header's links, in order (spec 1, 2.2): About Us, Products, Services, Press, the Digital Tools
 * dropdown (Crown Planner, Blog, Vault) and FAQ.
 */
export const HEADER_NAV = {
  primary: ['/about', '/products', '/services', '/press'],
  tools: ['/digital-tools/crown-planner', '/blog', '/vault'],
  last: '/faq',
} as const;

/**
 * The header link a page belongs to, highlighted on every page of that section (issue #8: a blog
 * article, /handmade-locs and others highlighted nothing): one of the header's links, the Digital Tools
 * dropdown itself ('/digital-tools': the hub and the beta pages, which have no link of their own in it),
 * or null for pages the header does not link to (footer-only, account, admin).
 */
export type NavSection = (typeof HEADER_NAV.primary)[number] | (typeof HEADER_NAV.tools)[number] | typeof HEADER_NAV.last | '/digital-tools' | null;

export interface Route {
  /** Canonical path ("/", "/products/irie-locs"); the page's <link rel="canonical">. */
  path: string;
  page: FunctionComponent;
  /** <title> (the site name is appended except on the home page) and og:title. */
  title: string;
  /** Meta description, og:description: one or two sentences, under ~160 characters. */
  description: string;
  /** Other paths that serve the same page (docs/pages.md#route-table). */
  aliases?: readonly string[];
  /** Listed in sitemap.xml. */
  sitemap: boolean;
  /** <meta name="robots" content="noindex, nofollow"> and a Disallow in robots.txt. */
  noindex?: boolean;
  /** Label in the header navigation and in links built from the table. */
  navLabel?: string;
  /** Footer label when it differs from navLabel (docs/pages.md#route-table: /partners is "Join Our Eco System"). */
  footerLabel?: string;
  /** The header link this page highlights; required so that a new route decides it. */
  section: NavSection;
  ogType?: 'website' | 'article' | 'product';
  /** Share image (og:image); defaults to the site's share card. */
  image?: string;
  /** `bare`: the page alone, without the site's header, footer and DM button (/links). */
  layout?: 'bare';
  /**
   * The first view reads the backend (the Crown Planner's gallery: its list, then its first image, the
   * page's largest paint): the page opens the connections to Supabase while it parses, instead of after
   * the loader, the runtime and the element's code (layout/Document.tsx).
   */
  preconnect?: true;
}

const productTitle: Record<ProductId, string> = {
  'trinity-locs': 'Trinity Locs: Human & Synthetic Blend Loc Extensions',
  'irie-locs': 'Irie Locs: Non-Toxic Synthetic Loc Extensions',
  'jah-locs': 'Jah Locs: 100% Human Hair Loc Extensions',
  'diy-kit': 'DIY Trinity Loc Kit',
  'lock-kit': 'Build Your DIY Loc Kit',
};
/** A product's "from" price in words ("$70"): shared/pricing.ts's, never a figure typed here. */
const from = (id: ProductId) => formatUSD(fromPrice(id));
const productDescription: Record<ProductId, string> = {
  'trinity-locs': `Handmade Trinity Locs blend human hair with non-toxic synthetic fibre: natural movement, lighter wear. 20 locs per bundle, 12-32 in, from ${from('trinity-locs')}.`,
  'irie-locs': `Irie Locs are lightweight, non-toxic synthetic loc extensions, handmade in four colors and lengths from 12 to 32 inches. From ${from('irie-locs')} a bundle.`,
  'jah-locs': `Jah Locs are handmade from 100% human hair: dye, style and reuse them. XS to MD widths, 20, 40 or 60 locs, made to order in 3-4 weeks. From ${from('jah-locs')}.`,
  'diy-kit': `Install Trinity Locs at home: three Trinity bundles, wrapping hair, a video tutorial, digital care cards and a crochet hook. Kits from ${from('diy-kit')}.`,
  'lock-kit': `Build a custom DIY loc kit: choose size, count, length and color, add wrapping hair, beads or a satin bag. From ${from('lock-kit')}, ships in the U.S.`,
};

/** An admin page's route: its title and description from admin-pages.ts, which its navigation reads too. */
const adminRoute = (path: AdminPath, page: FunctionComponent): Route => ({
  path,
  section: null,
  page,
  ...ADMIN_PAGES[path],
  sitemap: false,
  noindex: true,
  navLabel: ADMIN_PAGES[path].title,
});

const productRoutes: Route[] = PRODUCTS.map((p) => ({
  path: p.href,
  page: productPage(p.id),
  title: productTitle[p.id],
  description: productDescription[p.id],
  sitemap: true,
  navLabel: p.title,
  section: '/products',
  ogType: 'product',
}));

const pressRoutes: Route[] = PRESS_ITEMS.map((item) => ({
  path: `/press/${item.slug}`,
  page: pressArticle(item.slug),
  title: item.title,
  description: item.excerpt,
  sitemap: true,
  navLabel: item.title,
  section: '/press',
  ogType: 'article',
}));

export const ROUTES: readonly Route[] = [
  {
    path: '/',
    section: null,
    page: Home,
    title: 'KYB Holistic Haircare: Locs, Studio Care & Digital Planning Tools',
    description: 'Holistic hair care for locs and textured hair in Atlanta and the Cayman Islands: studio services, handmade loc extensions and digital planning tools.',
    sitemap: true,
    navLabel: 'Home',
  },
  {
    path: '/about',
    section: '/about',
    page: About,
    title: 'About Us',
    description: 'Why KYB exists: hair care that heals instead of harms, built on ancestral wisdom, clean ingredients and tools that help you care for your crown.',
    sitemap: true,
    navLabel: 'About Us',
  },
  {
    path: '/products',
    section: '/products',
    page: Products,
    title: 'Our Crown Creations: Loc Extensions & DIY Kits',
    description: `Shop handmade loc extensions (Irie from ${from('irie-locs')}, Trinity from ${from('trinity-locs')}, Jah from ${from('jah-locs')}), the Custom DIY Loc Kit from ${from('lock-kit')} and the DIY Trinity Loc Kit.`,
    sitemap: true,
    navLabel: 'Products',
  },
  ...productRoutes,
  {
    path: '/handmade-locs',
    section: '/products',
    page: HandmadeLocs,
    title: 'Handmade Faux Locs',
    description: `Soft, lightweight handmade faux locs crafted to order, ${formatUSD(HANDMADE_LOCS.fromPrice)}, with free shipping on orders over ${formatUSD(HANDMADE_LOCS.freeShippingOver)}.`,
    sitemap: true,
    navLabel: 'Handmade Faux Locs',
    ogType: 'product',
  },
  {
    path: '/holistic-haircare',
    section: '/services',
    page: HolisticHaircare,
    title: 'Holistic Haircare Haven: The KYB Studio',
    description: 'A calm studio for locs, braids and protective styles: herbal tea, aromatherapy, scalp detox, infrared steam, crystal massage and a loyalty programme.',
    sitemap: true,
    navLabel: 'Holistic Haircare Haven',
  },
  {
    path: '/services',
    section: '/services',
    page: Services,
    title: 'Services',
    description: 'Loc, braid and protective-style services by KYB, with amenities, premium add-ons, discounts and a rewards card. Book online.',
    sitemap: true,
    navLabel: 'Services',
  },
  {
    path: '/press',
    section: '/press',
    page: Press,
    title: 'Press & News',
    description: 'KYB in the news: events, features, partnerships, research and product updates, with a press contact for media enquiries.',
    sitemap: true,
    navLabel: 'Press',
  },
  ...pressRoutes,
  {
    path: '/blog',
    section: '/blog',
    page: Blog,
    title: 'Blog',
    description: 'Articles on holistic hair care, ingredients, protective styling, loc science, and the economics of Black hair care.',
    sitemap: true,
    navLabel: 'Blog',
  },
  {
    path: '/blog/full-loc-bible',
    section: '/blog',
    page: LocBible,
    title: 'The Full Loc Bible: Sizes, Lengths, Bundles and Care',
    description: 'Our complete guide to loc extensions: hair types, sizes, how many bundles you need, install, care, and when to refresh.',
    sitemap: true,
    navLabel: 'The Full Loc Bible',
    ogType: 'article',
  },
  {
    path: '/rewards',
    section: null,
    page: Rewards,
    title: 'Rewards',
    description: 'The KYB rewards card: earn a punch with every completed service and move from New Friend to Crown Royalty.',
    sitemap: true,
    navLabel: 'Rewards',
  },
  {
    path: '/faq',
    section: '/faq',
    page: Faq,
    title: 'Frequently Asked Questions',
    description: 'Answers on booking, services, locs, the Crown Planner, our policies and how we source our hair and ingredients.',
    sitemap: true,
    navLabel: 'FAQ',
  },
  {
    path: '/faq/locs',
    section: '/faq',
    page: FaqLocs,
    title: 'Loc Extensions FAQ',
    description: 'Everything about Jah, Trinity and Irie Locs: sizes, lengths, bundles, weight, turnaround, shipping, customization, care and policies.',
    sitemap: true,
    navLabel: 'Loc FAQ',
  },
  {
    path: '/partners',
    section: null,
    page: Partners,
    title: 'Join Our Eco System: Partnerships',
    description: 'Partner with KYB as an affiliate, supplier or collaborator. Send an inquiry and we reply within 2-3 business days.',
    sitemap: true,
    navLabel: 'Partners',
    footerLabel: 'Join Our Eco System',
  },
  {
    path: '/digital-tools',
    section: '/digital-tools',
    page: DigitalTools,
    title: 'Digital Tools',
    description: 'Digital tools for your hair journey: goal tracking, a ritual scheduler, a product pantry, the Crown Planner and free downloads in the Vault.',
    sitemap: true,
    navLabel: 'Digital Tools',
    footerLabel: 'Tools Hub',
  },
  {
    path: '/digital-tools/crown-planner',
    section: '/digital-tools/crown-planner',
    aliases: ['/crown-planner', '/vip-crown-suite', '/protective-style-planner'],
    preconnect: true,
    page: CrownPlanner,
    title: 'The CROWN Planner: Protective Styling Edition',
    description: `Plan every protective style with 139+ hyperlinked, printable templates, a how-to walkthrough and a digital sticker book. From ${formatUSD(plannerFromPrice())}.`,
    sitemap: true,
    navLabel: 'Crown Planner',
    ogType: 'product',
  },
  {
    path: '/beta',
    section: '/digital-tools',
    aliases: ['/digital-tools/beta'],
    page: Beta,
    title: 'Beta Program',
    description: 'Help shape the next KYB digital tools. Beta testers get early access to the Crown Planner and the tools we are building next.',
    sitemap: true,
    navLabel: 'Beta Program',
  },
  {
    path: '/beta-tester',
    section: '/digital-tools',
    page: BetaTester,
    title: 'Beta Access Tools',
    description: 'Beta Access Tools for KYB testers: the Crown Planner, tools coming soon, feedback and the tester community.',
    sitemap: false,
    noindex: true,
    navLabel: 'Beta Access Tools',
  },
  {
    path: '/vault',
    section: '/vault',
    aliases: ['/resources'],
    page: Resources,
    title: 'The Vault: Free Resources',
    description: 'Free hair-care downloads from KYB: the Starter Care Checklist, the Takedown Guide and the Ritual Tracker.',
    sitemap: true,
    navLabel: 'Vault',
  },
  {
    path: '/shop',
    section: null,
    page: Shop,
    title: 'Shop & Affiliates',
    description: 'Products we trust: our storefront of 50+ products, partner brands we love, and KYB merchandise coming soon.',
    sitemap: true,
    navLabel: 'Shop',
  },
  {
    path: '/locs',
    section: '/products',
    page: LocsTeaser,
    title: 'Locs',
    description: 'Handmade faux locs are here: lightweight, soft and made to order.',
    sitemap: true,
    navLabel: 'Locs',
  },
  {
    path: '/planner',
    section: '/digital-tools/crown-planner',
    page: PlannerTeaser,
    title: 'Digital Planning Tools',
    description: 'Plan your protective styles, rituals and hair goals with the CROWN Planner.',
    sitemap: true,
    navLabel: 'Planner',
  },
  {
    path: '/contact',
    section: null,
    page: Contact,
    title: 'Contact',
    description: 'Reach KYB by e-mail, direct message or phone. We reply within 24 hours.',
    sitemap: true,
    navLabel: 'Contact',
  },
  {
    path: '/ethics',
    section: '/about',
    page: Ethics,
    title: 'Ethics & Sourcing',
    description: 'How KYB sources hair and ingredients: toxic-free fibres, ethically sourced human hair, made-to-order production and fair partnerships.',
    sitemap: true,
    navLabel: 'Ethics & Sourcing',
  },
  {
    path: '/privacy',
    section: null,
    page: Privacy,
    title: 'Privacy Policy',
    description: 'What KYB Holistic Haircare keeps about you, why, who can see it and for how long, and how to have it corrected or deleted.',
    sitemap: true,
    navLabel: 'Privacy',
  },
  {
    path: '/cookies',
    section: null,
    page: Cookies,
    title: 'Cookie Policy',
    description: 'The KYB Holistic Haircare website sets no cookies. What little it keeps in your browser, what each item is for and how long it stays.',
    sitemap: true,
    navLabel: 'Cookies',
  },
  {
    // The brand's own link-in-bio page (issue #22): for the Instagram and TikTok bios.
    path: '/links',
    section: null,
    page: Links,
    title: 'Links',
    description: 'Book a KYB appointment, shop handmade locs, read client reviews, get the newsletter and follow KYB Holistic Haircare, all from one page.',
    sitemap: true,
    navLabel: 'Links',
    layout: 'bare',
  },
  {
    path: '/account',
    section: null,
    page: Account,
    title: 'My Account',
    description: 'Your KYB Holistic Haircare profile: display name, avatar and e-mail address.',
    sitemap: false,
    noindex: true,
    navLabel: 'My Account',
  },
  {
    // Stripe's cancel_url too (`?checkout=cancelled`); the cart lives in the browser, so the page is the
    // same for everyone and never indexed.
    path: '/cart',
    section: null,
    page: Cart,
    title: 'Your cart',
    description: 'The products in your KYB cart, with their options, shipping and any deposit, ready for secure checkout.',
    sitemap: false,
    noindex: true,
    navLabel: 'Cart',
  },
  {
    // Stripe's success_url (`?session_id=…`): confirms the payment, then shows the receipt.
    path: '/order/confirmed',
    section: null,
    page: OrderConfirmed,
    title: 'Order confirmed',
    description: 'The confirmation and receipt of your KYB order.',
    sitemap: false,
    noindex: true,
    navLabel: 'Order confirmed',
  },
  {
    // The order's own page, from the link in the confirmation e-mail (`?token=…`).
    path: '/order',
    section: null,
    page: OrderStatus,
    title: 'Your order',
    description: 'The status and receipt of your KYB order.',
    sitemap: false,
    noindex: true,
    navLabel: 'Your order',
  },
  adminRoute('/admin/orders', AdminOrders),
  adminRoute('/admin/launch', AdminLaunch),
  adminRoute('/admin/inbox', AdminInbox),
  adminRoute('/admin/rewards', AdminRewards),
  adminRoute('/admin/gallery', AdminGallery),
  adminRoute('/admin/reviews', AdminReviews),
  adminRoute('/admin/embed', AdminEmbed),
  {
    // Reached from the unsubscribe link in the e-mails only; the link carries a token.
    path: '/unsubscribe',
    section: null,
    page: Unsubscribe,
    title: 'Unsubscribe',
    description: 'Stop receiving KYB Holistic Haircare e-mails from a newsletter or waiting list.',
    sitemap: false,
    noindex: true,
    navLabel: 'Unsubscribe',
  },
];

/** The page for any other path (docs/pages.md#not-found), written to 404.html. */
export const NOT_FOUND: Route = {
  path: '/404',
  section: null,
  page: NotFound,
  title: 'Page not found',
  description: 'The page you were looking for is not here.',
  sitemap: false,
  noindex: true,
};

/** Every address that gets a prerendered page: each route's path and each alias. */
export function allPages(): { path: string; route: Route }[] {
  return ROUTES.flatMap((route) => [route.path, ...(route.aliases ?? [])].map((path) => ({ path, route })));
}

export function routeFor(path: string): Route | undefined {
  const clean = path !== '/' ? path.replace(/\/+$/, '') : path;
  return ROUTES.find((r) => r.path === clean || r.aliases?.includes(clean));
}

/** href and labels of a route, for navigation built from the table. Throws on a path not in the table. */
export function navLink(path: string): { href: string; label: string; footerLabel: string } {
  const r = routeFor(path);
  if (!r) throw new Error(`navLink: ${path} is not in the route table`);
  const label = r.navLabel ?? r.title;
  return { href: path, label, footerLabel: r.footerLabel ?? label };
}

/** Canonical public paths, in table order: what sitemap.xml lists. */
export function sitemapPaths(): string[] {
  return ROUTES.filter((r) => r.sitemap && !r.noindex).map((r) => r.path);
}

/** Paths robots.txt disallows. */
export const DISALLOWED = ['/admin', '/account', '/beta-tester', '/unsubscribe', '/cart', '/order', '/embed/'] as const;

/** The file a path is written to under dist/site. */
export function outputFile(path: string): string {
  if (path === NOT_FOUND.path) return '404.html';
  return path === '/' ? 'index.html' : `${path.replace(/^\//, '')}/index.html`;
}
