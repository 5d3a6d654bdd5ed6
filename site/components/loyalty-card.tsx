/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * The rewards card as HTML, drawn by the one card kyb-rewards-card draws (ui/rewards/LoyaltyCard.tsx). It
 * is React code (ui/'s dialect), so it is rendered at build time with React's server renderer, as the
 * review cards are (review-cards.tsx; site/README.md#jsx says why).
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { LoyaltyCard, loyaltyCardWords } from '../../ui/rewards/LoyaltyCard.tsx';

/** The card at this visit count, as an inline SVG. */
export const loyaltyCardHtml = (visits: number, className?: string): string => renderToStaticMarkup(createElement(LoyaltyCard, { ...loyaltyCardWords(visits), className }));
