/**
 * Registers `<kyb-planner-gallery>`; importing PlannerGallery.tsx alone has no side effect. The tags below are
 * the element's public contract: `npm run gen:elements` turns them into custom-elements.json and what is
 * generated from it (widgets/README.md).
 *
 * Crown Planner carousel of the active gallery items; the cover image when there are none, and the cover
 * with a Try again button when the gallery cannot be read.
 *
 * @tag kyb-planner-gallery
 * @attr {string} fallback-src - image shown while loading and when the gallery is empty
 * @attr {string} fallback-alt - its text alternative
 * @csspart root, stage, fallback, slide, prev, next, status, thumbs, thumb, placeholders, error, retry
 * @reserve display:block;aspect-ratio:16/9
 */
import { defineElement } from '../core/define.ts';
import { PlannerGallery } from './PlannerGallery.tsx';
import css from './planner-gallery.css?sheet';

await defineElement('kyb-planner-gallery', PlannerGallery, { props: { fallbackSrc: 'string', fallbackAlt: 'string' }, css });
