import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { failureBound } from './failure-bound.js';

describe('failureBound', () => {
  const cores = availableParallelism();

  it('is the quiet bound on a machine at or under one runnable process per core', () => {
    expect(failureBound(30_000, 0)).toBe(30_000);
    expect(failureBound(30_000, cores)).toBe(30_000);
  });

  it('stretches with the load per core above that', () => {
    expect(failureBound(30_000, cores * 3)).toBe(90_000);
    expect(failureBound(10_000, cores * 7.5)).toBe(75_000);
  });

  it('reads the machine’s load when none is given', () => {
    expect(failureBound(1000)).toBeGreaterThanOrEqual(1000);
  });
});
