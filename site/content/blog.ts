/** Blog content (docs/pages.md#blog): topic chips, the featured article and three static articles. */
export const BLOG_TOPICS = ['Holistic Care', 'Ingredients', 'Protective Styling', 'Loc Science', 'Economy & Equity'] as const;

export interface Article {
  title: string;
  excerpt: string;
  topic: (typeof BLOG_TOPICS)[number];
  minutes: number;
  date: string;
  image: string;
  imageAlt: string;
  href?: string;
}

export const FEATURED_ARTICLE: Article = {
  title: 'The Full Loc Bible',
  excerpt: 'Everything we know about loc extensions in one place: hair types, sizes, lengths, how many bundles you need, installing, caring for and refreshing your locs.',
  topic: 'Loc Science',
  minutes: 18,
  date: '2025-08-18',
  image: '/images/blog/full-loc-bible.svg',
  imageAlt: 'Illustration of an open book with loc strands flowing from its pages',
  href: '/blog/full-loc-bible',
};

export const ARTICLES: Article[] = [
  {
    title: 'Your Scalp Is the Root of Every Style',
    excerpt: 'Why we start every appointment at the scalp, and a five-minute weekly ritual that keeps yours calm between visits.',
    topic: 'Holistic Care',
    minutes: 6,
    date: '2025-07-30',
    image: '/images/blog/scalp-ritual.svg',
    imageAlt: 'Illustration of hands massaging oil into a scalp, with herbs around',
  },
  {
    title: 'Chebe, Clay and Hibiscus: A Field Guide',
    excerpt: 'What the ingredients in our studio do, where they come from, and how to tell a clean product from clever marketing.',
    topic: 'Ingredients',
    minutes: 8,
    date: '2025-07-09',
    image: '/images/blog/ingredients.svg',
    imageAlt: 'Illustration of a clay bowl, hibiscus flowers and a jar of chebe powder',
  },
  {
    title: 'Protective Styles That Actually Protect',
    excerpt: 'Tension, weight and duration: the three questions to ask before any braid, twist or loc install.',
    topic: 'Protective Styling',
    minutes: 7,
    date: '2025-06-17',
    image: '/images/blog/protective-styles.svg',
    imageAlt: 'Illustration of three protective styles: braids, twists and locs',
  },
];
