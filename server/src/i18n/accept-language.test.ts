import { describe, expect, it } from 'vitest';
import { languagesOf } from './accept-language.js';

describe('languagesOf', () => {
  it('lists the languages by quality, then in the order sent', () => {
    expect(languagesOf('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5')).toEqual([
      'fr-CH',
      'fr',
      'en',
      'de',
    ]);
    expect(languagesOf('en;q=0.5, ja, de;q=0.5')).toEqual(['ja', 'en', 'de']);
  });

  it('leaves out a language refused with q=0 and any quality that is not one', () => {
    expect(languagesOf('ja;q=0, de;q=abc, fr;q=2, es;Q=0.3')).toEqual(['es']);
  });

  it.each([undefined, '', ' , ;q=1', '*'])('reads %j as no language', (header) => {
    expect(languagesOf(header)).toEqual([]);
  });

  it('reads no more than 32 languages of a long header', () => {
    const header = Array.from({ length: 1000 }, (_, i) => `x${i}`).join(',');
    expect(languagesOf(header)).toHaveLength(32);
  });
});
