import { describe, expect, it } from 'vitest';
import { formatTimeAgo } from './format-time-ago';

const now = Date.parse('2026-11-26T12:00:00.000Z');
const before = (seconds: number) => new Date(now - seconds * 1000).toISOString();

describe('formatTimeAgo', () => {
  it.each([
    [0, 'just now'],
    [30, 'just now'],
    [50, '1 minute ago'],
    [2 * 60, '2 minutes ago'],
    [59 * 60, '59 minutes ago'],
    [3 * 60 * 60, '3 hours ago'],
    [26 * 60 * 60, 'yesterday'],
    [3 * 24 * 60 * 60, '3 days ago'],
  ])('says %i seconds ago as "%s"', (seconds, text) => {
    expect(formatTimeAgo(before(seconds), now)).toBe(text);
  });

  it('says a time a little in the future (a clock ahead of ours) is just now', () => {
    expect(formatTimeAgo(before(-20), now)).toBe('just now');
  });

  it('shows text that is not a time as it came', () => {
    expect(formatTimeAgo('soon', now)).toBe('soon');
  });
});
