/**
 * Exact arithmetic on micro-cents (1 cent = 1,000,000 micro-cents). Sums arrive from SQL as decimal strings and
 * stay BigInt until the one rounding of each reported figure.
 */
export const MICRO_CENTS_PER_CENT = 1_000_000n;

/** n / d rounded half away from zero (half-up for the non-negative amounts reports carry); d > 0. */
export function divideRounded(n: bigint, d: bigint): bigint {
  const magnitude = (2n * (n < 0n ? -n : n) + d) / (2n * d);
  return n < 0n ? -magnitude : magnitude;
}

/** A sum of micro-cents as whole cents, rounded half-up once. */
export const toCents = (microCents: bigint): number => Number(divideRounded(microCents, MICRO_CENTS_PER_CENT));

/** part / whole as a percentage with one decimal (0-100 for a share), from the exact amounts; 0 when whole is 0. */
export function percentOf(part: bigint, whole: bigint): number {
  if (whole === 0n) return 0;
  return Number(divideRounded(part * 1000n, whole)) / 10;
}
