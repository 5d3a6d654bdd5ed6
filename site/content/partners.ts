/**
 * Partner brands (docs/data.md#entities: name, description, logo initials, url, featured flag). Eight on /shop, four
 * of them featured; the services and studio pages show the first five as trusted partners.
 * The URLs are placeholders until the business supplies its affiliate links.
 */
export interface PartnerBrand {
  name: string;
  description: string;
  initials: string;
  url: string;
  featured: boolean;
}

export const PARTNER_BRANDS: readonly PartnerBrand[] = [
  {
    name: 'Rooted Botanics',
    description: 'Small-batch scalp oils and herbal infusions made with organic rosemary, chebe and fenugreek.',
    initials: 'RB',
    url: 'https://rootedbotanics.example.com/?ref=kyb',
    featured: true,
  },
  {
    name: 'Shea Harvest Collective',
    description: 'Unrefined shea butter bought directly from women-led cooperatives in northern Ghana.',
    initials: 'SH',
    url: 'https://sheaharvest.example.com/?ref=kyb',
    featured: true,
  },
  {
    name: 'Clay & Cowrie',
    description: 'Rhassoul and bentonite clay cleansers that detox without stripping your locs.',
    initials: 'CC',
    url: 'https://clayandcowrie.example.com/?ref=kyb',
    featured: true,
  },
  {
    name: 'Silk Sanctuary',
    description: 'Mulberry silk and satin bonnets, scarves and pillowcases that protect your hair overnight.',
    initials: 'SS',
    url: 'https://silksanctuary.example.com/?ref=kyb',
    featured: true,
  },
  {
    name: 'Island Aloe Co.',
    description: 'Cold-pressed aloe vera gels and mists from family farms in the Caribbean.',
    initials: 'IA',
    url: 'https://islandaloe.example.com/?ref=kyb',
    featured: false,
  },
  {
    name: 'Kente Comb Works',
    description: 'Hand-finished wooden combs and loc tools made from sustainably harvested wood.',
    initials: 'KC',
    url: 'https://kentecombworks.example.com/?ref=kyb',
    featured: false,
  },
  {
    name: 'Hibiscus Rinse Lab',
    description: 'Herbal hair rinses and apple cider vinegar blends that balance the scalp.',
    initials: 'HR',
    url: 'https://hibiscusrinselab.example.com/?ref=kyb',
    featured: false,
  },
  {
    name: 'Adorn Atelier',
    description: 'Handmade loc jewellery: brass cuffs, cowrie shells and wooden beads.',
    initials: 'AA',
    url: 'https://adornatelier.example.com/?ref=kyb',
    featured: false,
  },
];

/** The five shown as trusted partners on /services and /holistic-haircare. */
export const TRUSTED_PARTNERS = PARTNER_BRANDS.slice(0, 5);
