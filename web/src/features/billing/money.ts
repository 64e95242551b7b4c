/**
 * Money as the API counts it: integers of a currency's minor units (cents, fils). The decimal is written out from
 * the integer and handed to Intl as a string, which formats it exactly: no float ever rounds an amount.
 */
const formats = new Map<string, Intl.NumberFormat>();

function formatFor(currency: string): Intl.NumberFormat {
  let format = formats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat(undefined, { style: 'currency', currency });
    formats.set(currency, format);
  }
  return format;
}

/** `1234, 'USD'` → `$12.34`; `-5, 'AED'` → `-AED 0.05`. */
export function formatMinor(minor: number, currency: string): string {
  const format = formatFor(currency);
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  const magnitude = String(Math.abs(minor)).padStart(digits + 1, '0');
  const whole = magnitude.slice(0, magnitude.length - digits);
  const fraction = digits > 0 ? `.${magnitude.slice(-digits)}` : '';
  const decimal = `${minor < 0 ? '-' : ''}${whole}${fraction}` as `${number}`;
  return format.format(decimal);
}

const PERCENT = new Intl.NumberFormat(undefined, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** A share as the API gives it (0-100 and past, one decimal): `42.5%`. */
export const formatPercent = (percent: number) => `${PERCENT.format(percent)}%`;
