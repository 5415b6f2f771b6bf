import type { Locale } from './supported-locales.js';

/**
 * Each locale's BCP 47 language tag, for `<html lang>` and an element's `lang`: what a
 * screen reader, a font's shaping, hyphenation and a search engine read. The locales are
 * named as RainbowKit names them, and the names stay the ids everywhere else (catalogue
 * folders, the language menu's values, the cookie, localStorage). But a region is part of
 * a tag only where the words depend on it: `ar-AR` would say "Arabic as used in
 * Argentina", and `ja-JP`, `de-DE` or `ru-RU` say no more than the language alone. Kept:
 * US English (the source's spelling), Latin American Spanish, Brazilian Portuguese, and
 * Chinese, whose region says its script (simplified in `zh-CN`, traditional in `zh-HK`
 * and `zh-TW`) and vocabulary (docs/translations.md, "Locales").
 */
export const LANGUAGE_TAGS: Readonly<Record<Locale, string>> = {
  'ar-AR': 'ar',
  'de-DE': 'de',
  'en-US': 'en-US',
  'es-419': 'es-419',
  'fr-FR': 'fr',
  'hi-IN': 'hi',
  'id-ID': 'id',
  'ja-JP': 'ja',
  'ko-KR': 'ko',
  'ms-MY': 'ms',
  'pt-BR': 'pt-BR',
  'ru-RU': 'ru',
  'th-TH': 'th',
  'tr-TR': 'tr',
  'uk-UA': 'uk',
  'vi-VN': 'vi',
  'zh-CN': 'zh-CN',
  'zh-HK': 'zh-HK',
  'zh-TW': 'zh-TW',
};
