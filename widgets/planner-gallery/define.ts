/** Registers <kyb-planner-gallery fallback-src fallback-alt>. Importing PlannerGallery.tsx alone has no side effect. */
import { defineElement } from '../core/define.ts';
import { PlannerGallery } from './PlannerGallery.tsx';
import css from './planner-gallery.css?inline';

defineElement('kyb-planner-gallery', PlannerGallery, { props: { fallbackSrc: 'string', fallbackAlt: 'string' }, css });
