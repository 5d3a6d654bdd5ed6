/** Registers <kyb-gallery-admin>. Importing GalleryAdmin.tsx alone has no side effect. */
import { defineElement } from '../core/define.ts';
import { GalleryAdmin } from './GalleryAdmin.tsx';
import css from './gallery-admin.css?inline';

defineElement('kyb-gallery-admin', GalleryAdmin, { css });
