import { isSupportedLocale, type Locale, localeCookie, STORED_LOCALE_KEY } from '@sigil/locales';

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

/**
 * Remembers a choice twice: in localStorage, which the startup script and the
 * app read, and in a cookie (`sigil-locale`), which the server reads to render
 * index.html's head, the sign-out pages and its error page in that language
 * before any script runs (docs/translations.md).
 */
export function storeLocale(locale: Locale): void {
  try {
    localStorage.setItem(STORED_LOCALE_KEY, locale);
  } catch {
    // Not remembered where storage is refused; the choice still holds for this page.
  }
  try {
    // biome-ignore lint/suspicious/noDocumentCookie: one cookie, written whole; the Cookie Store API is not in every supported browser.
    document.cookie = localeCookie(locale, { secure: location.protocol === 'https:' });
  } catch {
    // A sandboxed frame refuses cookies; the server then follows Accept-Language.
  }
}
