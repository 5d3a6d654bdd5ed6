/**
 * How one review looks wherever the widgets show it: the reviewer's avatar, the stars, the verified badge
 * and the brand's reply. Used by kyb-reviews' cards and kyb-review-moderation's rows; their CSS is
 * reply.css here and each element's own stylesheet. Everything they show comes from ../model/; review
 * files are addressed on the page's configured backend (fileUrl).
 */
export { Avatar } from './Avatar.tsx';
export { Byline } from './Byline.tsx';
export { fileUrl } from './file-url.ts';
export { Reply } from './Reply.tsx';
export { Stars } from './Stars.tsx';
export { Verified } from './Verified.tsx';
