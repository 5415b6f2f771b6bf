import { isSupportedLocale, type Locale } from './supported-locales';

/** Where the language menu's choice is remembered; the startup script reads the same key. */
export const STORED_LOCALE_KEY = 'sigil.locale';

/** The locale a person chose in the language menu, if any (and if storage can be read at all). */
export function readStoredLocale(): Locale | null {
  try {
    const value = localStorage.getItem(STORED_LOCALE_KEY);
    return isSupportedLocale(value) ? value : null;
  } catch {
    // Storage refused (a privacy mode, a sandboxed frame): the browser's languages decide.
    return null;
  }
}

export function storeLocale(locale: Locale): void {
  try {
    localStorage.setItem(STORED_LOCALE_KEY, locale);
  } catch {
    // Not remembered where storage is refused; the choice still holds for this page.
  }
}
