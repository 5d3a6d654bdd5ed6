/**
 * Registers `<kyb-review-moderation>`; importing ReviewModeration.tsx alone has no side effect. The tags below
 * are the element's public contract: `npm run gen:elements` turns them into custom-elements.json and what is
 * generated from it (widgets/README.md).
 *
 * Review moderation: approve and delete submitted reviews, and write the brand's public reply to any
 * review (admins only).
 *
 * @tag kyb-review-moderation
 * @event kyb-review-moderated - `{reviewId, action: 'approve' | 'unapprove' | 'delete' | 'reply' |
 *   'unreply'}` after each change is stored
 * @csspart heading, filters, tabs, tab, product, status, empty, list, load-more, review, avatar, badge, verified, media,
 *   actions, unapprove, approve, delete, reply, reply-button, reply-editor, reply-save, reply-cancel,
 *   reply-remove, done, dialog, root, loading, denied, sign-in
 * @event kyb-request-sign-in - `{tab: 'sign-in'}` when a signed-out visitor presses Sign in (the page's
 *   kyb-auth-button opens its dialog)
 * @reserve 251px 322:212px 428:185px
 */
import { defineElement } from '../core/define.ts';
import { CONTROLS } from '../core/controls.ts';
import { ReviewModeration } from './ReviewModeration.tsx';
import css from './element.css?sheet';

await defineElement('kyb-review-moderation', ReviewModeration, { css, commonCss: CONTROLS });
