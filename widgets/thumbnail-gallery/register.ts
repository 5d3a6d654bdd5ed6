/**
 * Registers `<kyb-thumbnail-gallery>`; importing ThumbnailGallery.tsx alone has no side effect. The tags below
 * are the element's public contract: `npm run gen:elements` turns them into custom-elements.json and what is
 * generated from it (widgets/README.md).
 *
 * Main image and thumbnails from its light-DOM images.
 *
 * @tag kyb-thumbnail-gallery
 * @slot - the images
 * @csspart base, main, thumbs, thumb, thumb-selected
 * @reserve
 */
import { defineElement } from '../core/define.ts';
import { ThumbnailGallery } from './ThumbnailGallery.tsx';
import css from './styles.css?sheet';

await defineElement('kyb-thumbnail-gallery', ThumbnailGallery, { css });
