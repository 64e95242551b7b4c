import { describe, expect, it } from 'vitest';
import { costMicroCents, MICRO_CENTS_PER_CENT, type ModelPrices } from '../src/platform/models/cost.ts';

const prices = (p: Partial<ModelPrices> = {}): ModelPrices => ({
  inputCostPer1m: null,
  outputCostPer1m: null,
  cachedInputCostPer1m: null,
  cacheCreationCostPer1m: null,
  ...p,
});

describe('costMicroCents', () => {
  it('a price of P cents per 1M tokens is P micro-cents per token', () => {
    // 1M input tokens at $2.50 / 1M (250 cents) cost exactly 250 cents.
    const cost = costMicroCents(prices({ inputCostPer1m: 250 }), {
      inputTokens: 1_000_000,
      outputTokens: 0,
      cachedInputTokens: 0,
    });
    expect(cost).toBe(250n * MICRO_CENTS_PER_CENT);
    expect(
      costMicroCents(prices({ outputCostPer1m: 1000 }), { inputTokens: 0, outputTokens: 3, cachedInputTokens: 0 }),
    ).toBe(3000n);
  });

  it('charges uncached input, cache reads, cache writes and output each at their own price', () => {
    const p = prices({
      inputCostPer1m: 300,
      outputCostPer1m: 1500,
      cachedInputCostPer1m: 30,
      cacheCreationCostPer1m: 375,
    });
    const usage = { inputTokens: 10_000, cachedInputTokens: 6_000, cacheWriteInputTokens: 1_000, outputTokens: 500 };
    expect(costMicroCents(p, usage)).toBe(3_000n * 300n + 6_000n * 30n + 1_000n * 375n + 500n * 1500n);
  });

  it('cache prices fall back to the input price when null; null prices count as zero', () => {
    const usage = { inputTokens: 100, cachedInputTokens: 40, cacheWriteInputTokens: 10, outputTokens: 7 };
    expect(costMicroCents(prices({ inputCostPer1m: 200 }), usage)).toBe(100n * 200n);
    expect(costMicroCents(prices({ outputCostPer1m: 9 }), usage)).toBe(63n);
    expect(costMicroCents(prices(), usage)).toBe(0n);
    // A zero cache price is a price, not a missing one.
    expect(costMicroCents(prices({ inputCostPer1m: 200, cachedInputCostPer1m: 0 }), usage)).toBe(60n * 200n);
  });

  it('is exact for large numbers, beyond what a double holds', () => {
    const big = Number.MAX_SAFE_INTEGER; // 2^53 - 1 tokens
    const p = prices({ inputCostPer1m: 2_147_483_647, outputCostPer1m: 2_147_483_646, cachedInputCostPer1m: 1 });
    const usage = { inputTokens: big, cachedInputTokens: 1, outputTokens: big };
    const expected = (BigInt(big) - 1n) * 2_147_483_647n + 1n + BigInt(big) * 2_147_483_646n;
    expect(costMicroCents(p, usage)).toBe(expected);
    expect(expected > BigInt(Number.MAX_SAFE_INTEGER)).toBe(true);
    expect(expected.toString()).toBe('38685626200646529383923717');
  });

  it('clamps uncached input at zero when a vendor reports more cached than total', () => {
    const p = prices({ inputCostPer1m: 100, cachedInputCostPer1m: 10 });
    expect(costMicroCents(p, { inputTokens: 5, cachedInputTokens: 8, outputTokens: 0 })).toBe(80n);
  });

  it('refuses negative, fractional or non-finite token counts and prices', () => {
    const p = prices({ inputCostPer1m: 1 });
    expect(() => costMicroCents(p, { inputTokens: -1, outputTokens: 0, cachedInputTokens: 0 })).toThrow(RangeError);
    expect(() => costMicroCents(p, { inputTokens: 1.5, outputTokens: 0, cachedInputTokens: 0 })).toThrow(RangeError);
    expect(() => costMicroCents(p, { inputTokens: Number.NaN, outputTokens: 0, cachedInputTokens: 0 })).toThrow(
      RangeError,
    );
    expect(() =>
      costMicroCents(prices({ outputCostPer1m: -5 }), { inputTokens: 0, outputTokens: 1, cachedInputTokens: 0 }),
    ).toThrow(RangeError);
  });
});
