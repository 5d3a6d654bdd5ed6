/**
 * CSV for the admin exports (the inbox, the orders; RFC 4180): fields joined by commas, rows by CRLF; a
 * field holding a comma, a double quote, CR or LF is quoted and its quotes doubled. Spreadsheet formula
 * injection (OWASP "CSV Injection"): a visitor's name or message that starts with = + - @ (or a tab or CR,
 * which some spreadsheets skip before reading a formula) would run as a formula when the business opens
 * the file, so such a cell gets a leading apostrophe and is read as text.
 *
 * - `csvCell(value)`, `toCsv(header, rows)`: the text.
 * - `downloadCsv(text, fileName)`: hands it to the browser as a file download.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: unknown): string {
  let s = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(s)) s = `'${s}`;
  return NEEDS_QUOTES.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return `${[header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

export function downloadCsv(text: string, fileName: string): void {
  // A byte-order mark, so spreadsheet apps read the file as UTF-8 (names with accents).
  const blob = new Blob(['\ufeff', text], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
