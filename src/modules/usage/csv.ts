/**
 * CSV for spreadsheets (RFC 4180: CRLF lines, fields quoted when they hold a quote, comma or line break, quotes
 * doubled). A text cell that a spreadsheet would read as a formula (starting with = + - @, a tab or a carriage
 * return) is prefixed with an apostrophe: department names are written by users (CSV injection).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

function cell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function toCsv(header: readonly string[], rows: readonly (string | number | null)[][]): string {
  return `${[header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}
