import { formatMinor } from '../../billing/index.ts';

/** Every currency the billing API speaks (USD, AED) has two minor digits. */
const DIGITS = 2;
/** A sign, whole units (optionally grouped by thousands: "1,250.00"), and at most two decimals. */
const DECIMAL = /^(-?)(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/;

/**
 * The minor units of an amount a person typed in major units ("12.34" → 1234, "-5" → -500), or null when it is
 * not such an amount. The decimal string is read digit by digit, never through a float, so no cent is lost.
 */
export function parseMinor(text: string): number | null {
  const match = DECIMAL.exec(text.trim());
  if (!match) return null;
  const [, sign, whole = '', fraction = ''] = match;
  const minor = Number(`${whole.replaceAll(',', '')}${fraction.padEnd(DIGITS, '0')}`);
  if (!Number.isSafeInteger(minor)) return null;
  return sign && minor !== 0 ? -minor : minor;
}

/** An amount of minor units as a person types it back: 1234 → "12.34", -5 → "-0.05". */
export function minorToDecimal(minor: number): string {
  const digits = String(Math.abs(minor)).padStart(DIGITS + 1, '0');
  return `${minor < 0 ? '-' : ''}${digits.slice(0, -DIGITS)}.${digits.slice(-DIGITS)}`;
}

export interface AmountBounds {
  /** In minor units, as the API's schema bounds them. */
  min: number;
  max: number;
  currency: string;
}

/** The API's bounds of an amount, said before sending: the message for `text`, or undefined when it passes. */
export function amountError(text: string, { min, max, currency }: AmountBounds): string | undefined {
  if (!text.trim()) return 'Give the amount.';
  const minor = parseMinor(text);
  if (minor === null) {
    return min < 0 ? 'Give an amount like 12.34 or -12.34 (at most two decimals).' : 'Give an amount like 12.34.';
  }
  if (minor < min) return `At least ${formatMinor(min, currency)}.`;
  if (minor > max) return `At most ${formatMinor(max, currency)}.`;
  return undefined;
}
