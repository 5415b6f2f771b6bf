import { parseEther } from 'viem';
import { describe, expect, it } from 'vitest';
import { createFormatter } from './create-formatter';

const instant = '2026-11-27T06:47:00.000Z';
const now = Date.parse('2026-11-26T12:00:00.000Z');
const before = (seconds: number) => new Date(now - seconds * 1000).toISOString();

describe('createFormatter', () => {
  describe('in en-US', () => {
    const format = createFormatter('en-US');

    it('writes an instant one way: medium date, short time', () => {
      // The same local time whatever zone the test runs in: read it back in that zone.
      const local = new Date(instant);
      const expected = `${local.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' })}, ${local.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })}`;
      expect(format.dateTime(instant)).toBe(expected);
    });

    it('reads a UTC day in UTC, with or without its year', () => {
      expect(format.date('2026-10-29T00:00:00Z', { timeZone: 'UTC' })).toBe('Oct 29, 2026');
      expect(format.date(Date.UTC(2026, 10, 3), { timeZone: 'UTC', year: false })).toBe('Nov 3');
    });

    it('reads an instant in a given zone', () => {
      expect(format.dateTime('2026-12-03T14:30:00Z', { timeZone: 'UTC' })).toBe(
        'Dec 3, 2026, 2:30 PM',
      );
      expect(format.time('2026-12-03T14:30:00Z', { timeZone: 'UTC' })).toBe('2:30 PM');
      expect(createFormatter('de-DE').time('2026-12-03T14:30:00Z', { timeZone: 'UTC' })).toBe(
        '14:30',
      );
    });

    it('shows what is not an instant as it came', () => {
      expect(format.dateTime('soon')).toBe('soon');
      expect(format.relativeTime('soon', now)).toBe('soon');
    });

    it('groups numbers', () => {
      expect(format.number(1234567)).toBe('1,234,567');
    });
  });

  describe('relative times', () => {
    const format = createFormatter('en-US', { justNow: 'just now' });

    it.each([
      [0, 'just now'],
      [44, 'just now'],
      [45, '1 minute ago'],
      [89, '1 minute ago'],
      [2 * 60, '2 minutes ago'],
      [3 * 60, '3 minutes ago'],
      [3 * 60 + 29, '3 minutes ago'],
      [3 * 60 + 30, '4 minutes ago'],
      [59 * 60, '59 minutes ago'],
      [60 * 60, '1 hour ago'],
      [3 * 60 * 60, '3 hours ago'],
      [24 * 60 * 60, 'yesterday'],
      [26 * 60 * 60, 'yesterday'],
      [3 * 24 * 60 * 60, '3 days ago'],
    ])('says %i seconds ago as "%s"', (seconds, text) => {
      expect(format.relativeTime(before(seconds), now)).toBe(text);
    });

    it('says a time a little in the future (a clock ahead of ours) is just now', () => {
      expect(format.relativeTime(before(-20), now)).toBe('just now');
    });

    it("uses Intl's own word for now when given none, and the locale's words", () => {
      expect(createFormatter('en-US').relativeTime(before(10), now)).toBe('now');
      expect(createFormatter('de-DE').relativeTime(before(3 * 60), now)).toBe('vor 3 Minuten');
      expect(createFormatter('ja-JP').relativeTime(before(3 * 60), now)).toBe('3 分前');
      expect(createFormatter('de-DE').relativeTime(before(26 * 60 * 60), now)).toBe('gestern');
    });
  });

  describe('in other locales', () => {
    it('writes German dates and numbers', () => {
      const format = createFormatter('de-DE');
      expect(format.date('2026-10-29T00:00:00Z', { timeZone: 'UTC' })).toBe('29.10.2026');
      expect(format.number(1234567)).toBe('1.234.567');
      expect(format.tokenAmount(parseEther('1234.5'), 18, 'ETH')).toBe('1.234,5 ETH');
    });

    it('writes Japanese dates and numbers', () => {
      const format = createFormatter('ja-JP');
      expect(format.date('2026-10-29T00:00:00Z', { timeZone: 'UTC' })).toBe('2026/10/29');
      expect(format.date(Date.UTC(2026, 10, 3), { timeZone: 'UTC', year: false })).toBe('11月3日');
      expect(format.number(1234567)).toBe('1,234,567');
    });

    it('writes Arabic as Intl gives it, in its own script and marks', () => {
      const format = createFormatter('ar-AR');
      const intl = new Intl.NumberFormat('ar-AR');
      expect(format.number(1234567)).toBe(intl.format(1234567));
      expect(format.tokenAmount(parseEther('1234.5'), 18, 'ETH')).toBe(
        `${intl.format(1234.5)} ETH`,
      );
      const date = format.date('2026-10-29T00:00:00Z', { timeZone: 'UTC' });
      expect(date).toBe(
        new Intl.DateTimeFormat('ar', { dateStyle: 'medium', timeZone: 'UTC' }).format(
          Date.UTC(2026, 9, 29),
        ),
      );
      // Arabic's own date marks: the right-to-left mark between day, month and year.
      expect(date).toContain('\u200f');
      expect(format.relativeTime(before(3 * 60), now)).toBe(
        'قبل 3 دقائق'.replace('3', intl.format(3)),
      );
    });
  });

  describe('token amounts', () => {
    const format = createFormatter('en-US');

    it('keeps all eighteen decimals exact up to the cut, never rounding up', () => {
      // 2^53 + 1 base units and a value whose float would round: both exact.
      expect(format.tokenAmount(123_456_789_012_345_678_901_234_567n, 18, 'ETH')).toBe(
        '123,456,789.0123 ETH',
      );
      expect(format.tokenAmount(999_999_999_999_999_999n, 18, 'ETH')).toBe('0.9999 ETH');
      expect(
        format.tokenAmount(123_456_789_012_345_678_901_234_567n, 18, 'ETH', {
          maximumFractionDigits: 18,
        }),
      ).toBe('123,456,789.012345678901234567 ETH');
      expect(format.tokenAmount(9_007_199_254_740_993n, 0)).toBe('9,007,199,254,740,993');
    });

    it('drops trailing zeros and the point', () => {
      expect(format.tokenAmount(parseEther('10000'), 18, 'ETH')).toBe('10,000 ETH');
      expect(format.tokenAmount(parseEther('0.5'), 18, 'POL')).toBe('0.5 POL');
    });

    it('shows zero as 0 and never rounds a tiny balance to zero', () => {
      expect(format.tokenAmount(0n, 18, 'ETH')).toBe('0 ETH');
      expect(format.tokenAmount(1n, 18, 'ETH')).toBe('< 0.0001 ETH');
      expect(format.tokenAmount(1n, 18)).toBe('< 0.0001');
    });

    it('writes an amount without thousands separators when asked', () => {
      expect(format.tokenAmount(parseEther('1234.5'), 18, 'ETH', { grouping: false })).toBe(
        '1234.5 ETH',
      );
      expect(
        createFormatter('de-DE').tokenAmount(parseEther('1234'), 18, undefined, {
          grouping: false,
        }),
      ).toBe('1234');
    });

    it('takes symbols of any length and a token without decimals', () => {
      expect(format.tokenAmount(2n, 0, 'USDC.e')).toBe('2 USDC.e');
    });
  });
});
