/**
 * The business's domain as the widgets see it: the rules and limits, messages, zod contracts, catalog,
 * prices, orders and business details of shared/ (shared/README.md), through one door. Element code
 * imports these from here, never from shared/ directly, so what the browser takes from shared/ is listed
 * in one place. Re-exports only: the bundler follows them
 * to the source modules, so an element's chunk keeps just what it reads.
 */
export * from '../../shared/business.ts';
export * from '../../shared/cart.ts';
export * from '../../shared/catalog.ts';
export * from '../../shared/contracts.ts';
export * from '../../shared/links.ts';
export * from '../../shared/messages.ts';
export * from '../../shared/orders.ts';
export * from '../../shared/pricing.ts';
export * from '../../shared/rules/accounts.ts';
export * from '../../shared/rules/commerce.ts';
export * from '../../shared/rules/forms.ts';
export * from '../../shared/rules/gallery.ts';
export * from '../../shared/rules/reviews.ts';
export * from '../../shared/storage.ts';
export * from '../../shared/vault.ts';
