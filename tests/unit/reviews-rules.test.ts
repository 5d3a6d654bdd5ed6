import { describe, expect, it } from 'vitest';
import { averageOf, barPercent, basedOn, formatAverage, formatReviewDate, ratingLabel } from '../../ui/reviews/model/index.ts';
import { isAcceptedFile, mediaPath, newReviewId, reviewMimeOf, selectFiles } from '../../ui/reviews/model/files.ts';
import { REVIEW_MAX_FILE_BYTES, REVIEW_MAX_FILES } from '../../shared/rules/reviews.ts';

const MB = 1024 * 1024;
const f = (name: string, type: string, size = 1000) => ({ name, type, size });

describe('file acceptance (docs/reviews.md#validation)', () => {
  it('accepts each listed type and refuses others', () => {
    for (const [name, type] of [
      ['a.jpg', 'image/jpeg'],
      ['a.png', 'image/png'],
      ['a.webp', 'image/webp'],
      ['a.mp4', 'video/mp4'],
      ['a.mov', 'video/quicktime'],
    ]) {
      expect(isAcceptedFile(f(name, type)), name).toBe(true);
    }
    for (const [name, type] of [
      ['a.gif', 'image/gif'],
      ['a.svg', 'image/svg+xml'],
      ['a.webm', 'video/webm'],
      ['a.pdf', 'application/pdf'],
      ['a.heic', 'image/heic'],
    ]) {
      expect(isAcceptedFile(f(name, type)), name).toBe(false);
    }
  });

  it('uses the extension only when the browser gave no type, and never overrides a declared type', () => {
    expect(reviewMimeOf(f('clip.MOV', ''))).toBe('video/quicktime');
    expect(reviewMimeOf(f('pic.JPEG', ''))).toBe('image/jpeg');
    expect(reviewMimeOf(f('noext', ''))).toBeNull();
    expect(reviewMimeOf(f('evil.jpg', 'text/html'))).toBeNull();
  });

  it('takes files of exactly 5 MB and refuses one byte more or empty files', () => {
    expect(REVIEW_MAX_FILE_BYTES).toBe(5 * MB);
    expect(isAcceptedFile(f('a.png', 'image/png', 5 * MB))).toBe(true);
    expect(isAcceptedFile(f('a.png', 'image/png', 5 * MB + 1))).toBe(false);
    expect(isAcceptedFile(f('a.png', 'image/png', 0))).toBe(false);
  });

  it('drops rejected files, keeps the valid ones in order', () => {
    const good1 = f('1.jpg', 'image/jpeg');
    const bad = f('2.gif', 'image/gif');
    const big = f('3.png', 'image/png', 6 * MB);
    const good2 = f('4.mp4', 'video/mp4');
    const r = selectFiles([], [good1, bad, big, good2]);
    expect(r.kept).toEqual([good1, good2]);
    expect(r.rejected).toEqual([bad, big]);
    expect(r.overflow).toEqual([]);
  });

  it('keeps at most 5 files across several picks, earlier ones first', () => {
    const held = [1, 2, 3].map((i) => f(`${i}.jpg`, 'image/jpeg'));
    const picked = [4, 5, 6, 7].map((i) => f(`${i}.png`, 'image/png'));
    const r = selectFiles(held, picked);
    expect(REVIEW_MAX_FILES).toBe(5);
    expect(r.kept.map((x) => x.name)).toEqual(['1.jpg', '2.jpg', '3.jpg', '4.png', '5.png']);
    expect(r.overflow.map((x) => x.name)).toEqual(['6.png', '7.png']);
    expect(r.rejected).toEqual([]);
    const full = selectFiles(r.kept, [f('8.jpg', 'image/jpeg'), f('9.gif', 'image/gif')]);
    expect(full.kept).toEqual(r.kept);
    expect(full.overflow.map((x) => x.name)).toEqual(['8.jpg']);
    expect(full.rejected.map((x) => x.name)).toEqual(['9.gif']);
  });
});

describe('storage paths (docs/data.md#entities)', () => {
  it('builds {user id}/{review id}/{index}.{extension} from the MIME type', () => {
    const u = '0b3e5a9c-6f5e-4a57-9a0d-0d4a0e6f1c11';
    const r = '7d1f0a6e-1111-4a57-9a0d-0d4a0e6f1c22';
    expect(mediaPath(u, r, 0, 'image/jpeg')).toBe(`${u}/${r}/0.jpg`);
    expect(mediaPath(u, r, 3, 'video/quicktime')).toBe(`${u}/${r}/3.mov`);
    expect(mediaPath(u, r, 4, 'image/webp')).toBe(`${u}/${r}/4.webp`);
  });
});

describe('summary wording and numbers (docs/reviews.md#reviews-section, #limits)', () => {
  it('pluralises "Based on N review(s)"', () => {
    expect(basedOn(0)).toBe('Based on 0 reviews');
    expect(basedOn(1)).toBe('Based on 1 review');
    expect(basedOn(2)).toBe('Based on 2 reviews');
    expect(basedOn(21)).toBe('Based on 21 reviews');
  });

  it('rounds the average to 1 decimal and always shows one decimal', () => {
    expect(formatAverage(4.25)).toBe('4.3');
    expect(formatAverage(4.24)).toBe('4.2');
    expect(formatAverage(5)).toBe('5.0');
    expect(formatAverage(3.95)).toBe('4.0');
    expect(formatAverage(null)).toBeNull();
    expect(formatAverage(Number.NaN)).toBeNull();
  });

  it('computes the rounded mean of a histogram', () => {
    expect(averageOf({ '1': 0, '2': 0, '3': 1, '4': 2, '5': 7 })).toBe(4.6);
    expect(averageOf({ '5': 1, '4': 1, '2': 1 })).toBe(3.7);
    expect(averageOf({})).toBeNull();
  });

  it('labels ratings and sizes bars', () => {
    expect(ratingLabel(4)).toBe('Rated 4 out of 5');
    expect(barPercent(7, 10)).toBe(70);
    expect(barPercent(1, 3)).toBe(33);
    expect(barPercent(0, 0)).toBe(0);
  });

  it('writes dates in US English long form', () => {
    expect(formatReviewDate('2025-03-07T15:00:00Z', 'UTC')).toBe('March 7, 2025');
    expect(formatReviewDate('2025-01-01T02:00:00Z', 'America/New_York')).toBe('December 31, 2024');
    expect(formatReviewDate('not a date')).toBe('');
  });
});

describe('review id (idempotent submit)', () => {
  const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
  it('uses crypto.randomUUID when the page has it', () => {
    expect(newReviewId()).toMatch(UUID_V4);
    expect(newReviewId()).not.toBe(newReviewId());
  });
  it('builds a valid v4 UUID from random bytes outside secure contexts', () => {
    const fake = {
      getRandomValues: <T extends ArrayBufferView | null>(a: T) => {
        new Uint8Array((a as unknown as Uint8Array).buffer).fill(0xff);
        return a;
      },
    };
    expect(newReviewId(fake as Pick<Crypto, 'getRandomValues'>)).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
    expect(newReviewId({ getRandomValues: crypto.getRandomValues.bind(crypto) })).toMatch(UUID_V4);
  });
});
