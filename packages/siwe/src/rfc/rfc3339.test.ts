import { describe, expect, it } from 'vitest';
import { rfc3339ToEpochMilliseconds } from './rfc3339.js';

describe('rfc3339ToEpochMilliseconds', () => {
  it.each([
    ['2021-09-30T16:25:24.000Z', Date.UTC(2021, 8, 30, 16, 25, 24)],
    ['2021-09-30T16:25:24Z', Date.UTC(2021, 8, 30, 16, 25, 24)],
    ['2021-09-30T16:25:24-02:00', Date.UTC(2021, 8, 30, 18, 25, 24)],
    ['2021-09-30T16:25:24+05:30', Date.UTC(2021, 8, 30, 10, 55, 24)],
    ['2022-06-30T14:08:51.382Z', Date.UTC(2022, 5, 30, 14, 8, 51, 382)],
    ['2022-06-30T14:08:51.3Z', Date.UTC(2022, 5, 30, 14, 8, 51, 300)],
    ['2022-06-30T14:08:51.123456789Z', Date.UTC(2022, 5, 30, 14, 8, 51, 123)],
    ['2024-02-29T00:00:00Z', Date.UTC(2024, 1, 29)],
    ['2000-02-29T00:00:00Z', Date.UTC(2000, 1, 29)],
    ['1970-01-01T00:00:00Z', 0],
    ['2016-12-31T23:59:60Z', Date.UTC(2017, 0, 1)],
    ['2016-12-31T15:59:60-08:00', Date.UTC(2017, 0, 1)],
  ])('reads %s as the instant it names', (text, expected) => {
    expect(rfc3339ToEpochMilliseconds(text)).toBe(expected);
  });

  it('reads years below 100 as written, not as 19xx', () => {
    expect(rfc3339ToEpochMilliseconds('0050-01-01T00:00:00Z')).toBe(
      new Date('0050-01-01T00:00:00Z').getTime(),
    );
  });

  it.each([
    ['February 31st', '2022-02-31T17:09:38.578Z'],
    ['February 29th of a common year', '2023-02-29T00:00:00Z'],
    ['February 29th of 1900', '1900-02-29T00:00:00Z'],
    ['April 31st', '2022-04-31T00:00:00Z'],
    ['month 13', '2022-13-01T00:00:00Z'],
    ['month 0', '2022-00-01T00:00:00Z'],
    ['day 0', '2022-01-00T00:00:00Z'],
    ['hour 24', '2022-01-01T24:00:00Z'],
    ['minute 60', '2022-01-01T00:60:00Z'],
    ['a leap second not at the end of a UTC day', '2022-01-01T12:00:60Z'],
    ['no offset', '2022-01-01T00:00:00'],
    ['an offset without colon', '2022-01-01T00:00:00+0200'],
    ['an offset hour of 24', '2022-01-01T00:00:00+24:00'],
    ['a lower-case t', '2022-01-01t00:00:00Z'],
    ['a lower-case z', '2022-01-01T00:00:00z'],
    ['a space instead of T', '2022-01-01 00:00:00Z'],
    ['an empty fraction', '2022-01-01T00:00:00.Z'],
    ['text after the offset', '2022-01-01T00:00:00Zjunk'],
    ['a two-digit year', '22-01-01T00:00:00Z'],
    ['a five-digit year', '20222-01-01T00:00:00Z'],
    ['a date without time', '2022-01-01'],
    ['a JavaScript date string', 'Wed Oct 05 2011 16:48:00 GMT+0200 (CEST)'],
    ['fullwidth digits', '２022-01-01T00:00:00Z'],
    ['nothing', ''],
  ])('refuses %s', (_, text) => {
    expect(rfc3339ToEpochMilliseconds(text)).toBeUndefined();
  });

  it('reads a 16 000-digit fraction in one pass', () => {
    const text = `2022-01-01T00:00:00.${'9'.repeat(16_000)}Z`;
    expect(rfc3339ToEpochMilliseconds(text)).toBe(Date.UTC(2022, 0, 1, 0, 0, 0, 999));
  });
});
