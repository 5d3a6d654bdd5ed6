/**
 * The brand's public reply under a review (issue #10): labelled as the brand's response and dated by its
 * last edit. Shared by the kyb-reviews cards and the moderation panel's preview; the prerendered
 * fallback (site/pages/shared.tsx) takes the same label and date from ../model/.
 */
import { type FeedReply, REPLY_LABEL, formatReviewDate } from '../model/index.ts';

export function Reply({ reply, part = 'reply' }: { reply: FeedReply; part?: string }) {
  return (
    <div className="rv-reply" part={part}>
      <p className="rv-reply__head">
        <strong className="rv-reply__label">{REPLY_LABEL}</strong> <time dateTime={reply.updated_at}>{formatReviewDate(reply.updated_at)}</time>
      </p>
      <p className="rv-reply__content">{reply.content}</p>
    </div>
  );
}
