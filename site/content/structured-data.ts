/**
 * schema.org structured data (JSON-LD). Organization goes on every page; Service on /services
 * (docs/pages.md#business-details: name, description, provider, serviceType Hair Care, areaServed Atlanta and the Cayman
 * Islands, url); Product with offers on product pages; FAQPage on the FAQ pages.
 */
import { reviewSnapshot } from '../data/review-snapshots.ts';
import { BUSINESS } from '../../shared/business.ts';

const abs = (path: string) => new URL(path, BUSINESS.siteUrl).toString();
const ORG_ID = `${BUSINESS.siteUrl}/#organization`;

export function organizationLd() {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': ORG_ID,
    name: BUSINESS.legalName,
    alternateName: BUSINESS.name,
    url: BUSINESS.siteUrl,
    logo: abs('/images/logo.svg'),
    description: BUSINESS.tagline,
    email: BUSINESS.email,
    telephone: BUSINESS.phone,
    areaServed: BUSINESS.areaServed.map((name) => ({ '@type': 'Place', name })),
    sameAs: Object.values(BUSINESS.social),
  };
}

const provider = () => ({ '@type': 'Organization', '@id': ORG_ID, name: BUSINESS.legalName, url: BUSINESS.siteUrl });

export function serviceLd(o: { name: string; description: string; path: string }) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Service',
    name: o.name,
    description: o.description,
    provider: provider(),
    serviceType: 'Hair Care',
    areaServed: BUSINESS.areaServed.map((name) => ({ '@type': 'Place', name })),
    url: abs(o.path),
  };
}

export interface ProductLdInput {
  name: string;
  description: string;
  path: string;
  image: string;
  sku: string;
  /** Lowest and highest price of any configuration. */
  lowPrice: number;
  highPrice: number;
  offerCount?: number;
  availability?: 'InStock' | 'PreOrder' | 'MadeToOrder' | 'PreSale';
  category?: string;
  /** The review slug whose build-time snapshot supplies AggregateRating and the first reviews. */
  reviewSlug?: string;
}
export function productLd(p: ProductLdInput) {
  const snap = p.reviewSlug ? reviewSnapshot(p.reviewSlug) : undefined;
  const rated = snap && snap.summary.count > 0 && snap.summary.average !== null;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.name,
    description: p.description,
    image: abs(p.image),
    sku: p.sku,
    category: p.category,
    brand: { '@type': 'Brand', name: BUSINESS.legalName },
    url: abs(p.path),
    offers: {
      '@type': 'AggregateOffer',
      priceCurrency: 'USD',
      lowPrice: p.lowPrice,
      highPrice: p.highPrice,
      offerCount: p.offerCount,
      availability: `https://schema.org/${p.availability ?? 'MadeToOrder'}`,
      url: abs(p.path),
      seller: provider(),
    },
    ...(rated
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: snap.summary.average,
            reviewCount: snap.summary.count,
            bestRating: 5,
            worstRating: 1,
          },
          review: snap.reviews.slice(0, 5).map((r) => ({
            '@type': 'Review',
            name: r.title,
            reviewBody: r.content,
            datePublished: r.created_at.slice(0, 10),
            author: { '@type': 'Person', name: r.reviewer_name },
            reviewRating: { '@type': 'Rating', ratingValue: r.rating, bestRating: 5, worstRating: 1 },
          })),
        }
      : {}),
  };
}

export function faqLd(items: { q: string; a: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: items.map((it) => ({
      '@type': 'Question',
      name: it.q,
      acceptedAnswer: { '@type': 'Answer', text: it.a },
    })),
  };
}
