/**
 * A date formatter made on first use, not when its module loads. Creating an Intl.DateTimeFormat loads
 * ICU's calendar data, tens of milliseconds of a throttled phone's main thread (issue #20, `npm run
 * lighthouse`); an element whose first view writes no date (the admin gate a signed-out visitor sees,
 * a receipt still confirming) should not pay it while the page loads.
 */
export function dateFormat(options: Intl.DateTimeFormatOptions): (date: Date) => string {
  let format: Intl.DateTimeFormat | undefined;
  return (date) => (format ??= new Intl.DateTimeFormat('en-US', options)).format(date);
}
