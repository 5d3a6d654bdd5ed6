/**
 * How one review looks wherever it is shown: the reviewer's avatar, the stars, the verified badge and the
 * brand's reply. Used by the card (../ReviewCard.tsx: kyb-reviews' list, kyb-review-moderation's rows and
 * the built product pages) and by kyb-reviews' summary; their CSS is reply.css and stars.css here and
 * each element's own stylesheet. Everything they show comes from ../model/.
 */
export { Avatar } from './Avatar.tsx';
export { Byline } from './Byline.tsx';
export { Reply } from './Reply.tsx';
export { Stars } from './Stars.tsx';
export { Verified } from './Verified.tsx';
