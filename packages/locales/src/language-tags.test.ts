import { expect, it } from 'vitest';
import { LANGUAGE_TAGS } from './language-tags.js';
import { matchLocale } from './match-locale.js';
import { SUPPORTED_LOCALES } from './supported-locales.js';

it('tags Arabic as `ar`, not as Arabic in Argentina, and each locale by its language alone unless the region matters', () => {
  expect(LANGUAGE_TAGS['ar-AR']).toBe('ar');
  expect(LANGUAGE_TAGS['ja-JP']).toBe('ja');
  expect(SUPPORTED_LOCALES.filter((locale) => LANGUAGE_TAGS[locale].includes('-')).sort()).toEqual([
    'en-US',
    'es-419',
    'pt-BR',
    'zh-CN',
    'zh-HK',
    'zh-TW',
  ]);
});

it('gives every locale a well-formed tag of its own language that leads back to the locale', () => {
  for (const locale of SUPPORTED_LOCALES) {
    const tag = LANGUAGE_TAGS[locale];
    expect(Intl.getCanonicalLocales(tag)).toEqual([tag]);
    expect(tag.split('-')[0]).toBe(locale.split('-')[0]);
    // A browser that asks for the page's own language gets this locale.
    expect(matchLocale([tag], SUPPORTED_LOCALES, 'en-US')).toBe(locale);
  }
});
