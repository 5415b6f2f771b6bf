import { describe, expect, it } from 'vitest';
import { leastSquaresSlope } from './least-squares-slope.js';

describe('leastSquaresSlope', () => {
  it('is the step of a straight line', () => {
    expect(leastSquaresSlope([10, 12, 14, 16])).toBeCloseTo(2);
    expect(leastSquaresSlope([5, 4, 3])).toBeCloseTo(-1);
  });

  it('is 0 for flat values, and for fewer than two', () => {
    expect(leastSquaresSlope([7, 7, 7])).toBe(0);
    expect(leastSquaresSlope([7])).toBe(0);
    expect(leastSquaresSlope([])).toBe(0);
  });

  it('weighs every sample, so one outlier moves it less than last minus first', () => {
    // Last minus first would say 10 per step over these four steps' worth of data.
    expect(leastSquaresSlope([100, 100, 100, 100, 110])).toBeCloseTo(2);
  });
});
