/**
 * How the widgets write dates: `dateFormat` (a formatter of given options) and `when` (the admin screens'
 * timestamp, for the inbox and the orders alike).
 *
 * A date formatter is made on first use, not when its module loads. Creating an Intl.DateTimeFormat loads
 * ICU's calendar data, tens of milliseconds of a throttled phone's main thread (issue #20, `npm run
 * lighthouse`); an element whose first view writes no date (the admin gate a signed-out visitor sees,
 * a receipt still confirming) should not pay it while the page loads.
 */
export function dateFormat(options: Intl.DateTimeFormatOptions): (date: Date) => string {
  let format: Intl.DateTimeFormat | undefined;
  return (date) => (format ??= new Intl.DateTimeFormat('en-US', options)).format(date);
}

const DATE_TIME = dateFormat({ dateStyle: 'medium', timeStyle: 'short' });
const DAY = dateFormat({ dateStyle: 'medium' });
/** A timestamp as the admin screens show it: `Nov 3, 2025, 1:05 PM` (or the day only); one that is not a date as it came. */
export const when = (iso: string, day = false) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : (day ? DAY : DATE_TIME)(d);
};

/** How long ago a moment was, as a person says it: `just now`, `12 minutes ago`, `3 hours ago`, `2 days ago`. */
export function ago(iso: string, now = Date.now()): string {
  const minutes = Math.floor((now - new Date(iso).getTime()) / 60_000);
  if (!Number.isFinite(minutes)) return iso;
  if (minutes < 1) return 'just now';
  const [n, unit] = minutes < 60 ? [minutes, 'minute'] : minutes < 48 * 60 ? [Math.floor(minutes / 60), 'hour'] : [Math.floor(minutes / 1440), 'day'];
  return `${n} ${unit}${n === 1 ? '' : 's'} ago`;
}
