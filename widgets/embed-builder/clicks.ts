/**
 * The /links click counts as the admin reads them (docs/admin.md#link-clicks): rows of
 * public.link_clicks (one per link and day, days in the studio's zone), read as the signed-in admin
 * (RLS: admins only), and the sums the screen shows. Pure but for `readClicks`.
 */
import type { Result } from '../core/admin-gate.tsx';
import type { KybClient } from '../core/supabase.ts';

/** The zone public.link_clicks dates its days in (migration link_clicks). */
export const CLICKS_TIME_ZONE = 'America/New_York';
/** The screen looks this far back: the "30 days" column. */
export const CLICK_DAYS = 30;
/** The per-day list shows this many days. */
export const CLICK_LIST_DAYS = 14;

export interface ClickRow {
  link: string;
  /** YYYY-MM-DD */
  day: string;
  clicks: number;
}

/** YYYY-MM-DD of `date` in the studio's zone. */
export function dayOf(date: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: CLICKS_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
}

/** The day `n` days before `day` (YYYY-MM-DD arithmetic in UTC, free of the zone's clock changes). */
export function daysBefore(day: string, n: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - n);
  return d.toISOString().slice(0, 10);
}

/** The last CLICK_DAYS days up to `today`, newest first (at most 1000 rows: 30 days of every link fit). */
export async function readClicks(sb: KybClient, today: string): Promise<Result<ClickRow[]>> {
  const { data, error } = await sb
    .from('link_clicks')
    .select('link, day, clicks')
    .gte('day', daysBefore(today, CLICK_DAYS - 1))
    .order('day', { ascending: false })
    .limit(1000);
  return error ? { ok: false, error } : { ok: true, value: (data ?? []) as ClickRow[] };
}

/** Clicks of `link` (or every link, null) on the days from `today` back `days` days. */
export function sum(rows: readonly ClickRow[], link: string | null, today: string, days: number): number {
  const from = daysBefore(today, days - 1);
  return rows.reduce((n, r) => (r.day >= from && r.day <= today && (link === null || r.link === link) ? n + r.clicks : n), 0);
}

/** "Today", "Yesterday", "N days ago". */
export function relativeDay(day: string, today: string): string {
  const n = Math.round((Date.parse(`${today}T12:00:00Z`) - Date.parse(`${day}T12:00:00Z`)) / 86_400_000);
  return n === 0 ? 'Today' : n === 1 ? 'Yesterday' : `${n} days ago`;
}

/** "Mon, Nov 24" */
export function longDay(day: string): string {
  return new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });
}
