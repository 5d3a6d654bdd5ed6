/** The Range header (RangeQuery.hs); Prefer is read in prefer.ts, Accept and Content-Type in media.ts. */
import { invalidRange } from './errors.ts';
import type { Range } from './syntax.ts';

/** `Range: 0-9` (items); undefined when absent or not an items range. */
export function parseRangeHeader(header: string | null): Range | undefined {
  if (!header) return undefined;
  const m = /^(?:items=)?\s*(\d+)-(\d*)\s*$/.exec(header.trim());
  if (!m) return undefined;
  const lower = Number(m[1]);
  if (m[2] === '') return { offset: lower };
  const upper = Number(m[2]);
  if (lower > upper) throw invalidRange('The lower boundary must be lower than or equal to the upper boundary in the Range header.');
  return { offset: lower, limit: upper - lower + 1 };
}

/** Intersection of two ranges (the Range header narrows limit/offset and vice versa). */
export function intersectRange(a: Range | undefined, b: Range | undefined): Range | undefined {
  if (!a) return b;
  if (!b) return a;
  const lower = Math.max(a.offset, b.offset);
  const ends = [a, b].filter((r) => r.limit !== undefined).map((r) => r.offset + r.limit! - 1);
  if (!ends.length) return { offset: lower };
  const upper = Math.min(...ends);
  return { offset: lower, limit: Math.max(0, upper - lower + 1) };
}
