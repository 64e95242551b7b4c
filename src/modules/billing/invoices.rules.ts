/**
 * The arithmetic of invoices, kept exact: money in integer minor units (BigInt where a product could pass 2^53),
 * rates as decimal strings, dates as `YYYY-MM-DD` in the organization's timezone.
 */

import { addDays, localDate } from '../../platform/calendar.ts';

const MICRO_CENTS_PER_CENT = 1_000_000n;

/** A sum of usage costs (micro-cents, never negative) in whole cents, rounded half-up once. */
export function centsFromMicroCents(microCents: bigint): number {
  return Number((microCents + MICRO_CENTS_PER_CENT / 2n) / MICRO_CENTS_PER_CENT);
}

/**
 * USD → the billing currency. The dirham is pegged to the dollar at 3.6725 (Central Bank of the UAE, since 1997),
 * so a constant is the rate of the day; a new currency adds its rate here.
 */
export const FX_RATES = { USD: '1', AED: '3.6725' } as const;
export type InvoiceCurrency = keyof typeof FX_RATES;

/** `usdMinor` × `rate` (a decimal string), rounded half-up to a whole minor unit; `usdMinor` is never negative. */
export function convertMinor(usdMinor: number, rate: string): number {
  const [whole, fraction = ''] = rate.split('.');
  const scale = 10n ** BigInt(fraction.length);
  const scaledRate = BigInt(`${whole}${fraction}`);
  return Number((BigInt(usdMinor) * scaledRate + scale / 2n) / scale);
}

const TERM_DAYS: Record<string, number> = { due_on_receipt: 0, net_15: 15, net_30: 30, net_60: 60 };

/** The due date of an invoice issued at `issuedAt`: the issue date in the organization's timezone plus the terms. */
export function dueDate(issuedAt: Date, timeZone: string, paymentTerms: string): string {
  return addDays(localDate(issuedAt, timeZone), TERM_DAYS[paymentTerms] ?? 0);
}
