import { describe, expect, it } from 'vitest';
import { formatDuration, parseDuration } from './duration.js';

describe('parseDuration', () => {
  it.each([
    ['90', 90],
    ['90s', 90],
    ['10m', 600],
    ['12h', 43_200],
    ['30d', 2_592_000],
    ['1w', 604_800],
    ['1.5h', 5_400],
    [' 10m ', 600],
    ['10 m', 600],
  ])('reads %j as %i seconds', (text, seconds) => {
    expect(parseDuration(text)).toBe(seconds);
  });

  it.each([
    '',
    '0',
    '0s',
    '-1m',
    '0.5s',
    '1M',
    '10M',
    '1.5',
    'soon',
    '10 minutes ago',
    '1e3s',
    'Infinity',
  ])('refuses %j', (text) => {
    expect(parseDuration(text)).toBeUndefined();
  });

  it('formats seconds as the shortest text', () => {
    expect([formatDuration(3600), formatDuration(600), formatDuration(31_536_000)]).toEqual([
      '1h',
      '10m',
      '365d',
    ]);
  });
});
