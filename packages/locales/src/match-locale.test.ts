import { describe, expect, it } from 'vitest';
import { matchLocale } from './match-locale.js';
import { SOURCE_LOCALE, SUPPORTED_LOCALES } from './supported-locales.js';

const match = (...languages: string[]) => matchLocale(languages, SUPPORTED_LOCALES, SOURCE_LOCALE);

describe('matchLocale', () => {
  it.each([
    [['ja-JP'], 'ja-JP'],
    [['ja'], 'ja-JP'],
    [['de-AT', 'en'], 'de-DE'],
    [['pt-PT'], 'pt-BR'],
    [['pt'], 'pt-BR'],
    [['es-ES'], 'es-419'],
    [['es-MX'], 'es-419'],
    [['ar-EG'], 'ar-AR'],
    [['ar'], 'ar-AR'],
    [['fr-CA'], 'fr-FR'],
    [['en-GB'], 'en-US'],
    [['zh-TW'], 'zh-TW'],
    [['zh-Hant'], 'zh-TW'],
    [['zh-HK'], 'zh-HK'],
    [['zh-MO'], 'zh-HK'],
    [['zh-Hant-HK'], 'zh-HK'],
    [['zh'], 'zh-CN'],
    [['zh-Hans'], 'zh-CN'],
    [['zh-SG'], 'zh-CN'],
    [['zh-Hans-HK'], 'zh-CN'],
    [['ZH_tw'], 'zh-TW'],
  ])('matches %j to %s', (languages, expected) => {
    expect(match(...languages)).toBe(expected);
  });

  it("follows the browser's order of preference: the first language that matches wins", () => {
    expect(match('nl-NL', 'fr-BE', 'de-DE')).toBe('fr-FR');
    expect(match('ko', 'ja-JP')).toBe('ko-KR');
  });

  it('gives English to a browser whose languages are all unsupported, or that names none', () => {
    expect(match('nl-NL', 'sv-SE')).toBe('en-US');
    expect(match()).toBe('en-US');
    expect(match('', '  ')).toBe('en-US');
  });
});
