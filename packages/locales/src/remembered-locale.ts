import { isSupportedLocale, type Locale } from './supported-locales.js';

/**
 * Where the web app remembers the language a person chose in the language
 * menu; the startup script in index.html reads the same key.
 */
export const STORED_LOCALE_KEY = 'sigil.locale';

/**
 * The cookie that tells the server the language a person chose in the
 * language menu, so the pages it renders itself (index.html's head, the
 * sign-out pages, the error page) are in that language before any script
 * runs (docs/translations.md, "How the locale is chosen"). Not HttpOnly: the
 * web app writes it. Never trusted: a value that is not a supported locale
 * counts as none.
 */
export const LOCALE_COOKIE = 'sigil-locale';

/** A year, as long as the choice in localStorage lasts in practice. */
export const LOCALE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** The `document.cookie` assignment that remembers `locale` for every path of the site. */
export function localeCookie(locale: Locale, { secure }: { secure: boolean }): string {
  const attributes = [
    `${LOCALE_COOKIE}=${locale}`,
    'Path=/',
    `Max-Age=${LOCALE_COOKIE_MAX_AGE_SECONDS}`,
    'SameSite=Lax',
  ];
  if (secure) attributes.push('Secure');
  return attributes.join('; ');
}

/** The locale a cookie value names, or null for a missing, unknown or hostile value. */
export function localeOfCookie(value: unknown): Locale | null {
  return isSupportedLocale(value) ? value : null;
}
