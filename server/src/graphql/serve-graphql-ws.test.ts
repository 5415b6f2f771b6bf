import { describe, expect, it } from 'vitest';
import { fitCloseReason } from './serve-graphql-ws.js';

describe('fitCloseReason', () => {
  it('keeps a reason that fits a close frame', () => {
    expect(fitCloseReason('Subscriber for 1 already exists')).toBe(
      'Subscriber for 1 already exists',
    );
    expect(fitCloseReason('x'.repeat(123))).toBe('x'.repeat(123));
  });

  it('cuts a longer one to 123 bytes, ending in an ellipsis', () => {
    const fitted = fitCloseReason(`Subscriber for ${'x'.repeat(5000)} already exists`);
    expect(fitted).toBe(`Subscriber for ${'x'.repeat(105)}…`);
    expect(Buffer.byteLength(fitted)).toBe(123);
  });

  it('never cuts a character in two', () => {
    const fitted = fitCloseReason('é'.repeat(100));
    expect(fitted).toBe(`${'é'.repeat(60)}…`);
    expect(Buffer.byteLength(fitted)).toBeLessThanOrEqual(123);
  });
});
