/**
 * Figures as people read them. The API counts money in whole US cents (its reports are in USD), so every amount
 * here is cents; the conversion to dollars is integer arithmetic, never a float rounding.
 */
const USD = new Intl.NumberFormat(undefined, { style: 'currency', currency: 'USD' });
const COMPACT_USD = new Intl.NumberFormat(undefined, { style: 'currency', currency: 'USD', notation: 'compact' });
const COUNT = new Intl.NumberFormat(undefined);
const COMPACT_COUNT = new Intl.NumberFormat(undefined, { notation: 'compact' });
const DELTA = new Intl.NumberFormat(undefined, {
  style: 'percent',
  signDisplay: 'exceptZero',
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});
const SHARE = new Intl.NumberFormat(undefined, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** Cents as a plain decimal of dollars, `1234` → `12.34`: what a CSV cell holds. */
export function centsAsDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const magnitude = Math.abs(cents);
  return `${sign}${Math.floor(magnitude / 100)}.${String(magnitude % 100).padStart(2, '0')}`;
}

/** Cents as money: `$12.34`. */
export const formatMoney = (cents: number) => USD.format(cents / 100);

/** A chart axis's money: `$1.2K`. */
export const formatCompactMoney = (cents: number) => COMPACT_USD.format(cents / 100);

export const formatCount = (value: number) => COUNT.format(value);

export const formatCompactCount = (value: number) => COMPACT_COUNT.format(value);

/** A share of the total, 0-100 with one decimal as the API gives it: `23.4%`. */
export const formatShare = (percent: number) => `${SHARE.format(percent)}%`;

/** The change against the previous period, as the API's `delta_pct` (one decimal): `+12.3%`, `−4.0%`. */
export const formatDelta = (deltaPct: number) => DELTA.format(deltaPct / 100);
