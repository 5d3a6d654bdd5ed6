/**
 * The reviews module (ui/reviews/model/): how a raw review_feed answer becomes a feed, what the RPC
 * is asked, the injected caller, media URLs, the rows a submitted review becomes, and the words and dates
 * the element, the moderation panel and the prerendered page share.
 */
import { describe, expect, it } from 'vitest';
import * as reviews from '../../ui/reviews/model/index.ts';
import { mediaRow, reviewRow } from '../../ui/reviews/model/write.ts';

const { EMPTY_FEED, PAGE_SIZE, PRERENDER_TIME_ZONE, VERIFIED_LABEL, feedArgs, firstPage, formatReviewDate, isFeed, isVideo, loadFeed, mediaUrl, normaliseFeed, reviewCount } =
  reviews;

describe('normaliseFeed', () => {
  it('fills every field of an empty or missing answer', () => {
    expect(normaliseFeed(null)).toEqual(EMPTY_FEED);
    expect(normaliseFeed({})).toEqual(EMPTY_FEED);
  });

  it('turns numeric strings into numbers, completes the histogram and defaults media and reply', () => {
    const f = normaliseFeed({
      summary: { count: '3', average: '4.33', histogram: { '5': 2, '3': 1 }, with_media: '1' },
      total: '3',
      reviews: [{ id: 'a', rating: 5, title: 't', content: 'c', created_at: '2025-03-04T12:00:00Z' }],
      next_cursor: 'abc',
    });
    expect(f.summary).toEqual({ count: 3, average: 4.33, histogram: { '1': 0, '2': 0, '3': 1, '4': 0, '5': 2 }, with_media: 1 });
    expect(f.total).toBe(3);
    expect(f.reviews[0].media).toEqual([]);
    expect(f.reviews[0].reply).toBeNull();
    expect(f.next_cursor).toBe('abc');
  });

  it('keeps a null average (no ratings) and drops a cursor that is not a string', () => {
    const f = normaliseFeed({ summary: { count: 0, average: null }, next_cursor: 5 });
    expect(f.summary.average).toBeNull();
    expect(f.next_cursor).toBeNull();
  });
});

describe('feedArgs and loadFeed', () => {
  it('asks for the first page by default and leaves out what is not set (GET has no null)', () => {
    expect(feedArgs(firstPage('irie-locs'))).toEqual({
      p_slug: 'irie-locs',
      p_sort: 'newest',
      p_rating: undefined,
      p_with_media: false,
      p_limit: PAGE_SIZE,
      p_after: undefined,
    });
    expect(feedArgs({ slug: 's', sort: 'lowest', rating: 2, withMedia: true, after: 'cur' })).toMatchObject({
      p_rating: 2,
      p_with_media: true,
      p_after: 'cur',
      p_limit: PAGE_SIZE,
    });
  });

  it('reaches the backend only through the caller it is given, and normalises its answer', async () => {
    const asked: unknown[] = [];
    const feed = await loadFeed(firstPage('lock-kit'), async (args) => {
      asked.push(args);
      return { summary: { count: 1, average: 5, histogram: { '5': 1 }, with_media: 0 }, total: 1, reviews: [] };
    });
    expect(asked).toEqual([feedArgs(firstPage('lock-kit'))]);
    expect(feed.summary.histogram['1']).toBe(0);
    expect(feed.next_cursor).toBeNull();
  });

  it("passes on the caller's failure (the element logs it, the build stops or says why)", async () => {
    await expect(loadFeed(firstPage('x'), () => Promise.reject(new Error('offline')))).rejects.toThrow('offline');
  });

  it('tells a feed from other JSON', () => {
    expect(isFeed(EMPTY_FEED)).toBe(true);
    expect(isFeed({ hint: 'function not found' })).toBe(false);
    expect(isFeed({ ...EMPTY_FEED, reviews: [{ title: 1 }] })).toBe(false);
  });
});

describe('media', () => {
  it('addresses a file in the public bucket under the given backend, each path segment encoded', () => {
    expect(mediaUrl('http://127.0.0.1:54321', 'u1/r 1/0.jpg')).toBe('http://127.0.0.1:54321/storage/v1/object/public/review-media/u1/r%201/0.jpg');
    expect(isVideo('video/mp4')).toBe(true);
    expect(isVideo('image/png')).toBe(false);
  });
});

describe('the rows a submitted review becomes', () => {
  const draft = { id: 'r1', bucket: 'review-media', userId: 'u1', slug: 'irie-locs', rating: 4, title: 'T', content: 'C', reviewerName: 'Ama', files: [] };
  it('writes the review row with the columns the table names, unapproved by its default', () => {
    expect(reviewRow(draft)).toEqual({ id: 'r1', user_id: 'u1', product_slug: 'irie-locs', rating: 4, title: 'T', content: 'C', reviewer_name: 'Ama' });
  });
  it('names each file at {user}/{review}/{index}.{ext}', () => {
    expect(mediaRow(draft, 2, 'video/quicktime', 123)).toEqual({ review_id: 'r1', file_path: 'u1/r1/2.mov', file_type: 'video/quicktime', file_size: 123 });
  });
});

describe('words and dates', () => {
  it('counts reviews in the singular and plural, and names the badge', () => {
    expect(reviewCount(1)).toBe('1 review');
    expect(reviewCount(0)).toBe('0 reviews');
    expect(VERIFIED_LABEL).toBe('Verified Purchase');
  });

  it('dates built pages in one fixed zone, whatever the machine that builds them', () => {
    // 03:30 UTC on March 5 is still March 4 in New York.
    expect(PRERENDER_TIME_ZONE).toBe('America/New_York');
    expect(formatReviewDate('2025-03-05T03:30:00Z', PRERENDER_TIME_ZONE)).toBe('March 4, 2025');
    expect(formatReviewDate('2025-03-05T03:30:00Z', 'Asia/Tokyo')).toBe('March 5, 2025');
  });
});
