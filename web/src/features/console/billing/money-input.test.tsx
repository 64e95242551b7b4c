import { describe, expect, it } from 'vitest';
import { amountError, minorToDecimal, parseMinor } from './money-input.ts';

describe('parseMinor', () => {
  it('reads a decimal amount into exact minor units, never through a float', () => {
    expect(parseMinor('12.34')).toBe(1234);
    expect(parseMinor(' 0.1 ')).toBe(10);
    expect(parseMinor('0.29')).toBe(29);
    expect(parseMinor('1,250.05')).toBe(125005);
    expect(parseMinor('1000000000.00')).toBe(100000000000);
    expect(parseMinor('-10')).toBe(-1000);
    expect(parseMinor('-0')).toBe(0);
  });

  it('refuses what is not an amount of dollars and cents', () => {
    for (const text of ['', '12.345', '1e3', '.5', '12.', 'abc', '1,2,3', '12,34', '--1', '0x10', '1 000']) {
      expect(parseMinor(text), text).toBeNull();
    }
  });

  it('writes minor units back as a person types them', () => {
    expect(minorToDecimal(1234)).toBe('12.34');
    expect(minorToDecimal(5)).toBe('0.05');
    expect(minorToDecimal(-5)).toBe('-0.05');
    expect(minorToDecimal(0)).toBe('0.00');
  });

  it('says the bounds in money', () => {
    const bounds = { min: 1, max: 100_000_000_000, currency: 'USD' };
    expect(amountError('12.34', bounds)).toBeUndefined();
    expect(amountError('0', bounds)).toBe('At least $0.01.');
    expect(amountError('1000000000.01', bounds)).toBe('At most $1,000,000,000.00.');
    expect(amountError(' ', bounds)).toBe('Give the amount.');
  });
});
