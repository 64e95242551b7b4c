import type { ModelUsage } from './types.ts';

/** 1 cent = 1,000,000 micro-cents. */
export const MICRO_CENTS_PER_CENT = 1_000_000n;

/** Integer cents per 1M tokens, as the catalog stores them; null counts as 0 (or falls back where noted). */
export interface ModelPrices {
  inputCostPer1m: number | null;
  outputCostPer1m: number | null;
  cachedInputCostPer1m: number | null;
  cacheCreationCostPer1m: number | null;
}

/** A token count as a bigint: negative, fractional or non-finite counts are refused, never rounded silently. */
function tokens(value: number | undefined, what: string): bigint {
  const n = value ?? 0;
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`${what} must be a non-negative integer, got ${n}`);
  return BigInt(n);
}

function price(value: number | null): bigint {
  if (value === null) return 0n;
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`prices must be non-negative integers, got ${value}`);
  return BigInt(value);
}

/**
 * The exact cost of a call in micro-cents. A price of P cents per 1M tokens is P micro-cents per token, so the
 * cost is a plain sum of tokens × price, in bigint: uncached input at the input price, cache reads at the
 * cached-input price and cache writes at the cache-creation price (each falling back to the input price when
 * null), output at the output price. Input tokens are the total; the cached parts are subtracted once
 * (a vendor reporting more cached than total input is clamped to zero uncached tokens).
 */
export function costMicroCents(prices: ModelPrices, usage: ModelUsage): bigint {
  const input = tokens(usage.inputTokens, 'inputTokens');
  const cached = tokens(usage.cachedInputTokens, 'cachedInputTokens');
  const cacheWrite = tokens(usage.cacheWriteInputTokens, 'cacheWriteInputTokens');
  const output = tokens(usage.outputTokens, 'outputTokens');
  const uncached = input - cached - cacheWrite > 0n ? input - cached - cacheWrite : 0n;

  const inputPrice = price(prices.inputCostPer1m);
  const cachedPrice = prices.cachedInputCostPer1m === null ? inputPrice : price(prices.cachedInputCostPer1m);
  const writePrice = prices.cacheCreationCostPer1m === null ? inputPrice : price(prices.cacheCreationCostPer1m);
  return (
    uncached * inputPrice + cached * cachedPrice + cacheWrite * writePrice + output * price(prices.outputCostPer1m)
  );
}
