import { type Locale, matchLocale, SOURCE_LOCALE, SUPPORTED_LOCALES } from '@sigil/locales';
import { readStoredLocale } from './stored-locale';

/** The browser's languages in its order of preference. */
function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  if (navigator.languages && navigator.languages.length > 0) return navigator.languages;
  return navigator.language ? [navigator.language] : [];
}

/** The page's locale: the one chosen in the language menu, else the best match of the browser's languages. */
export function chooseLocale(): Locale {
  return readStoredLocale() ?? matchLocale(browserLanguages(), SUPPORTED_LOCALES, SOURCE_LOCALE);
}
