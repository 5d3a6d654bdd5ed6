/**
 * The `Prefer` header (RFC 7240) as PostgREST 12–14 reads it (ApiRequest/Preferences.hs), and the
 * `Preference-Applied` header it answers with (Response.hs). What each preference does is up to the
 * stage that honours it; what is parsed, ignored or refused is decided here:
 * - values are matched exactly (`return=representation`, not `Return=Representation`); the first
 *   occurrence of each kind wins;
 * - anything else is an invalid preference: ignored under `handling=lenient` (the default), refused
 *   with 400 PGRST122 under `handling=strict` (checkStrict, called once the request is planned);
 * - `tx=commit|rollback` is always a valid preference, but applies only when the server's
 *   `db-tx-end` allows an override; hosted Supabase runs PostgREST's default `commit`, so there the
 *   preference is ignored and the write commits (config.ts `dbTxEnd`, rest/README.md);
 * - `timezone=` is valid only for a name in `pg_timezone_names` (schema.ts loads them);
 * - `max-affected=` is never invalid; a value that is not an integer is simply not applied.
 */
import { invalidPreferences } from './errors.ts';

/** PostgREST's `db-tx-end`: how a request's transaction ends, and whether `Prefer: tx=` may change it. */
export type TxEnd = 'commit' | 'commit-allow-override' | 'rollback' | 'rollback-allow-override';

export interface Preferences {
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  return?: 'representation' | 'minimal' | 'headers-only';
  count?: 'exact' | 'planned' | 'estimated';
  missing?: 'default' | 'null';
  /** Only set when db-tx-end allows the override. */
  tx?: 'commit' | 'rollback';
  handling?: 'strict' | 'lenient';
  /** Only set for a name Postgres knows. */
  timezone?: string;
  maxAffected?: number;
  /** Every item that is none of the above, as sent. */
  invalid: string[];
}

const VALUES = {
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  return: ['representation', 'minimal', 'headers-only'],
  count: ['exact', 'planned', 'estimated'],
  tx: ['commit', 'rollback'],
  missing: ['default', 'null'],
  handling: ['strict', 'lenient'],
} as const;
type Kind = keyof typeof VALUES;
const ACCEPTED = new Set(Object.entries(VALUES).flatMap(([k, vs]) => vs.map((v) => `${k}=${v}`)));

export function parsePrefer(header: string | null, opts: { txOverride: boolean; timezones: ReadonlySet<string> }): Preferences {
  // Several Prefer headers arrive joined by ", " (fetch's Headers), which splits the same way.
  const items = header ? header.split(',').map((s) => s.trim()) : [];
  const first = <K extends Kind>(kind: K): (typeof VALUES)[K][number] | undefined => {
    for (const p of items) if (ACCEPTED.has(p) && p.startsWith(`${kind}=`)) return p.slice(kind.length + 1) as (typeof VALUES)[K][number];
    return undefined;
  };
  const tz = items.find((p) => p.startsWith('timezone='))?.slice('timezone='.length);
  const tzValid = tz !== undefined && opts.timezones.has(tz);
  const max = items.find((p) => p.startsWith('max-affected='))?.slice('max-affected='.length);
  return {
    resolution: first('resolution'),
    return: first('return'),
    count: first('count'),
    missing: first('missing'),
    tx: opts.txOverride ? first('tx') : undefined,
    handling: first('handling'),
    timezone: tzValid ? tz : undefined,
    // Haskell's readMaybe for Int64: an optional minus, digits, surrounding blanks.
    maxAffected: max !== undefined && /^\s*-?\d+\s*$/.test(max) ? Number(max) : undefined,
    invalid: items.filter((p) => !ACCEPTED.has(p) && !(p.startsWith('timezone=') && tzValid) && !p.startsWith('max-affected=')),
  };
}

/** `handling=strict` with anything invalid: 400 PGRST122, before anything runs. */
export function checkStrict(p: Preferences) {
  if (p.handling === 'strict' && p.invalid.length) throw invalidPreferences(p.invalid);
}

/** `Prefer: count=exact|estimated` counts the rows; `planned` takes the planner's estimate (query.ts). */
export const shouldCount = (p: Preferences) => p.count === 'exact' || p.count === 'estimated';

/** Which preferences each kind of answer reports as applied (Response.hs, one case per action). */
export type AnswerKind = 'read' | 'insert' | 'update' | 'delete' | 'call';

export function preferenceApplied(p: Preferences, kind: AnswerKind, opts: { resolution?: boolean } = {}): string | null {
  const reported: Partial<Preferences> = { count: p.count, tx: p.tx, handling: p.handling, timezone: p.timezone };
  if (kind === 'insert') Object.assign(reported, { resolution: opts.resolution ? p.resolution : undefined, missing: p.missing, return: p.return });
  if (kind === 'update') Object.assign(reported, { missing: p.missing, return: p.return, maxAffected: p.maxAffected });
  if (kind === 'delete') Object.assign(reported, { return: p.return, maxAffected: p.maxAffected });
  if (kind === 'call') reported.maxAffected = p.maxAffected;
  const vals = [
    reported.resolution && `resolution=${reported.resolution}`,
    reported.missing && `missing=${reported.missing}`,
    reported.return && `return=${reported.return}`,
    reported.count && `count=${reported.count}`,
    reported.tx && `tx=${reported.tx}`,
    reported.handling && `handling=${reported.handling}`,
    reported.timezone && `timezone=${reported.timezone}`,
    // max-affected is only ever applied under handling=strict, and only reported then.
    p.handling === 'strict' && reported.maxAffected !== undefined && `max-affected=${reported.maxAffected}`,
  ].filter(Boolean);
  return vals.length ? vals.join(', ') : null;
}
