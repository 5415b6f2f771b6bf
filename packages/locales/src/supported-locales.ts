/**
 * The 19 locales RainbowKit ships, so the wallet dialog and the page always
 * speak the same language (docs/translations.md). `en-US` is the source
 * locale: its catalogue is in the entry, every other one is a lazy chunk.
 */
export const SUPPORTED_LOCALES = [
  'ar-AR',
  'de-DE',
  'en-US',
  'es-419',
  'fr-FR',
  'hi-IN',
  'id-ID',
  'ja-JP',
  'ko-KR',
  'ms-MY',
  'pt-BR',
  'ru-RU',
  'th-TH',
  'tr-TR',
  'uk-UA',
  'vi-VN',
  'zh-CN',
  'zh-HK',
  'zh-TW',
] as const;

export type Locale = (typeof SUPPORTED_LOCALES)[number];

export const SOURCE_LOCALE: Locale = 'en-US';

/** Each language named in itself, as the language menu lists it. */
export const LOCALE_NAMES: Record<Locale, string> = {
  'ar-AR': 'العربية',
  'de-DE': 'Deutsch',
  'en-US': 'English',
  'es-419': 'Español (Latinoamérica)',
  'fr-FR': 'Français',
  'hi-IN': 'हिन्दी',
  'id-ID': 'Bahasa Indonesia',
  'ja-JP': '日本語',
  'ko-KR': '한국어',
  'ms-MY': 'Bahasa Melayu',
  'pt-BR': 'Português (Brasil)',
  'ru-RU': 'Русский',
  'th-TH': 'ไทย',
  'tr-TR': 'Türkçe',
  'uk-UA': 'Українська',
  'vi-VN': 'Tiếng Việt',
  'zh-CN': '简体中文',
  'zh-HK': '繁體中文（香港）',
  'zh-TW': '繁體中文（台灣）',
};

/** The locales written right to left. */
export const RIGHT_TO_LEFT_LOCALES: readonly Locale[] = ['ar-AR'];

export function isSupportedLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (SUPPORTED_LOCALES as readonly string[]).includes(value);
}

export function directionOf(locale: Locale): 'ltr' | 'rtl' {
  return RIGHT_TO_LEFT_LOCALES.includes(locale) ? 'rtl' : 'ltr';
}
