/**
 * The `<link rel="icon">` of the pages the site sends a visitor to on the stack (the local Stripe's hosted
 * checkout, the local Acuity): an empty icon, as the real services' pages name an icon of theirs. A page
 * that names none makes the browser ask its server for /favicon.ico, which the stack does not serve: a
 * 404 in the console of a page that stays open. Their CSPs allow `img-src data:` for it. The dev inbox
 * names none: it is a page for a person, with no link or script of any kind (auth.test.ts).
 */
export const PAGE_ICON = '<link rel="icon" href="data:,">';
