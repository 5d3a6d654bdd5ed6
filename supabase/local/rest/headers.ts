/** The request headers PostgREST reads besides the JWT: Prefer, Accept and Range. */
import { invalidPreferences, invalidRange } from './errors.ts';
import type { Range } from './syntax.ts';

// ---------------------------------------------------------------- headers
export interface Preferences {
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  return?: 'representation' | 'minimal' | 'headers-only';
  count?: 'exact' | 'planned' | 'estimated';
  missing?: 'default' | 'null';
  tx?: 'commit' | 'rollback';
  handling?: 'strict' | 'lenient';
  timezone?: string;
  maxAffected?: number;
  invalid: string[];
}

/** Preferences.hs fromHeaders: comma-separated, first occurrence of each kind wins. */
export function parsePrefer(header: string | null): Preferences {
  const prefs: Preferences = { invalid: [] };
  if (!header) return prefs;
  for (const raw of header.split(',')) {
    const p = raw.trim();
    if (!p) continue;
    const [k, v] = [p.slice(0, p.indexOf('=') < 0 ? p.length : p.indexOf('=')), p.slice(p.indexOf('=') + 1)];
    const known =
      (k === 'resolution' && (v === 'merge-duplicates' || v === 'ignore-duplicates')) ||
      (k === 'return' && (v === 'representation' || v === 'minimal' || v === 'headers-only')) ||
      (k === 'count' && (v === 'exact' || v === 'planned' || v === 'estimated')) ||
      (k === 'missing' && (v === 'default' || v === 'null')) ||
      (k === 'tx' && (v === 'commit' || v === 'rollback')) ||
      (k === 'handling' && (v === 'strict' || v === 'lenient')) ||
      (k === 'timezone' && p.includes('=')) ||
      (k === 'max-affected' && /^\d+$/.test(v));
    if (!known) {
      prefs.invalid.push(p);
      continue;
    }
    const key = k === 'max-affected' ? 'maxAffected' : (k as keyof Preferences);
    if (prefs[key] !== undefined) continue;
    (prefs as unknown as Record<string, unknown>)[key] = k === 'max-affected' ? Number(v) : v;
  }
  if (prefs.handling === 'strict' && prefs.invalid.length) throw invalidPreferences(prefs.invalid);
  return prefs;
}

/** The Preference-Applied value for the preferences a response honoured (prefAppliedHeader order). */
export function preferenceApplied(p: Partial<Preferences>): string | null {
  const vals = [
    p.resolution && `resolution=${p.resolution}`,
    p.missing && `missing=${p.missing}`,
    p.return && `return=${p.return}`,
    p.count && `count=${p.count}`,
    p.tx && `tx=${p.tx}`,
    p.handling && `handling=${p.handling}`,
    p.timezone && `timezone=${p.timezone}`,
  ].filter(Boolean);
  return vals.length ? vals.join(', ') : null;
}

export type Media = { kind: 'array' | 'object'; stripNulls: boolean };

/**
 * Accept negotiation: JSON array (default), `application/vnd.pgrst.object+json` (single object),
 * `;nulls=stripped` variants. Anything else the client insists on gives 406 PGRST107.
 */
export function negotiate(accept: string | null): Media | { unacceptable: string[] } {
  if (!accept) return { kind: 'array', stripNulls: false };
  const ranges = accept
    .split(',')
    .map((r, i) => {
      const [type, ...params] = r.split(';').map((x) => x.trim());
      const q = params.find((x) => x.startsWith('q='));
      return { type: type.toLowerCase(), params, q: q ? Number(q.slice(2)) : 1, i };
    })
    .filter((r) => r.type && r.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const r of ranges) {
    const stripNulls = r.params.some((x) => x.replace(/\s/g, '') === 'nulls=stripped');
    if (r.type === 'application/vnd.pgrst.object+json' || r.type === 'application/vnd.pgrst.object') return { kind: 'object', stripNulls };
    if (r.type === 'application/json' || r.type === 'application/vnd.pgrst.array+json' || r.type === 'application/vnd.pgrst.array') return { kind: 'array', stripNulls };
    if (r.type === '*/*' || r.type === 'application/*') return { kind: 'array', stripNulls: false };
  }
  return { unacceptable: ranges.map((r) => r.type) };
}

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

/** `Prefer: count=…` asks for a total. */
export const shouldCount = (p: Preferences) => p.count === 'exact' || p.count === 'estimated' || p.count === 'planned';
