/**
 * The `<link rel="icon">` of the stack's own pages (the local Stripe's hosted checkout, the local Acuity,
 * the dev inbox): an empty icon, as the real services' pages name an icon of theirs. A page that names
 * none makes the browser ask its server for /favicon.ico, which the stack does not serve: a 404 in the
 * console of every page opened in a tab that stays open. Their CSPs allow `img-src data:` for it.
 */
export const PAGE_ICON = '<link rel="icon" href="data:,">';
