import { defineElement } from '../core/define.ts';
import { ThumbnailGallery } from './ThumbnailGallery.tsx';
import css from './styles.css?inline';

defineElement('kyb-thumbnail-gallery', ThumbnailGallery, { css });
