/**
 * schema.org structured data (JSON-LD). Organization goes on every page; Service on /services
 * (doc 2 §1: name, description, provider, serviceType Hair Care, areaServed Atlanta and the Cayman
 * Islands, url); Product with offers on product pages; FAQPage on the FAQ pages.
 */
import { BUSINESS } from '../../widgets/core/business.ts';

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
}
export function productLd(p: ProductLdInput) {
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
