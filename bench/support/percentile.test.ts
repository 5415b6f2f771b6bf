import { describe, expect, it } from 'vitest';
import { median, percentile } from './percentile.js';

describe('percentile', () => {
  it('returns an observed value by nearest rank, whatever the input order', () => {
    const values = [50, 10, 40, 20, 30];
    expect(percentile(values, 50)).toBe(30);
    expect(percentile(values, 95)).toBe(50);
    expect(percentile(values, 20)).toBe(10);
    expect(percentile(values, 100)).toBe(50);
  });

  it('takes the lower middle value as the median of an even count', () => {
    expect(median([4, 1, 3, 2])).toBe(2);
  });

  it('is NaN for no values rather than a made-up figure', () => {
    expect(percentile([], 50)).toBeNaN();
  });
});
