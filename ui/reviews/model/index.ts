/**
 * The reviews module: the one entry through which the kyb-reviews element, the moderation panel and the
 * site's prerender read and show reviews (README.md beside this file). Pure: it runs in the browser and
 * in Node alike, and reaches the backend only through the caller it is given.
 */
export * from './avatar.ts';
export * from './feed.ts';
export * from './format.ts';
export * from './media.ts';
export * from './pages.ts';
