/**
 * The brand's public reply under a review (issue #10): labelled as the brand's response and dated by its
 * last edit. Shared by the kyb-reviews cards (in the element and in the prerendered page, which passes its
 * `timeZone`) and the moderation panel's preview.
 */
import { type FeedReply, REPLY_LABEL, formatReviewDate } from '../model/index.ts';

export function Reply({ reply, part = 'reply', timeZone }: { reply: FeedReply; part?: string; timeZone?: string }) {
  return (
    <div className="rv-reply" part={part}>
      <p className="rv-reply__head">
        <strong className="rv-reply__label">{REPLY_LABEL}</strong> <time dateTime={reply.updated_at}>{formatReviewDate(reply.updated_at, timeZone)}</time>
      </p>
      <p className="rv-reply__content">{reply.content}</p>
    </div>
  );
}
