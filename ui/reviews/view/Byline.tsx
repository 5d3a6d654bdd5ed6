/**
 * Who wrote a review and when: the avatar, the name, and the date with whatever the caller adds after it
 * (the verified badge in kyb-reviews, the product in moderation). `block` is the caller's class prefix
 * (`rv-review`, `rm`): each element lays it out in its own stylesheet. `timeZone`: the visitor's own when
 * left out; the prerendered page passes PRERENDER_TIME_ZONE (site/components/review-cards.tsx).
 */
import type { ReactNode } from 'react';
import { formatReviewDate } from '../model/index.ts';
import { Avatar } from './Avatar.tsx';

export function Byline({ block, name, date, timeZone, children }: { block: string; name: string; date: string; timeZone?: string; children?: ReactNode }) {
  return (
    <>
      <Avatar name={name} />
      <div className={`${block}__who`}>
        <span className={`${block}__name`}>{name}</span>
        <span className={`${block}__meta`}>
          <time dateTime={date}>{formatReviewDate(date, timeZone)}</time>
          {children}
        </span>
      </div>
    </>
  );
}
