import { describe, expect, it, vi } from 'vitest';
import { observableValue } from './observable-value';

describe('observableValue', () => {
  it('tells each listener of a change, and no one of the same value or after unsubscribing', () => {
    const value = observableValue(1);
    const first = vi.fn();
    const second = vi.fn();
    const stopFirst = value.subscribe(first);
    value.subscribe(second);
    value.set(2);
    expect(value.get()).toBe(2);
    expect([first.mock.calls.length, second.mock.calls.length]).toEqual([1, 1]);
    value.set(2);
    expect([first.mock.calls.length, second.mock.calls.length]).toEqual([1, 1]);
    stopFirst();
    value.set(3);
    expect([first.mock.calls.length, second.mock.calls.length]).toEqual([1, 2]);
  });
});
