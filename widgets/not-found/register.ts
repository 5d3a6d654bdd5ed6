/**
 * Registers `<kyb-not-found>`; importing NotFound.tsx alone has no side effect. The tags below are the element's
 * public contract: `npm run gen:elements` turns them into custom-elements.json and what is generated from it
 * (widgets/README.md).
 *
 * Logs and shows the missing path (404 page).
 *
 * @tag kyb-not-found
 * @csspart base, path
 */
import { defineElement } from '../core/define.ts';
import { NotFound } from './NotFound.tsx';
import css from './styles.css?sheet';

await defineElement('kyb-not-found', NotFound, { css });
