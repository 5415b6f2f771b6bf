import { parseEther } from 'viem';
import { describe, expect, it } from 'vitest';
import { formatBalance } from './format-balance';

describe('formatBalance', () => {
  it('keeps at most four decimals, rounding down', () => {
    expect(formatBalance(parseEther('1.23456789'), 18)).toBe('1.2345');
  });

  it('drops trailing zeros and the point', () => {
    expect(formatBalance(parseEther('10000'), 18)).toBe('10000');
    expect(formatBalance(parseEther('0.5'), 18)).toBe('0.5');
  });

  it('shows zero as 0', () => {
    expect(formatBalance(0n, 18)).toBe('0');
  });

  it('does not round a tiny balance to zero', () => {
    expect(formatBalance(1n, 18)).toBe('< 0.0001');
  });
});
