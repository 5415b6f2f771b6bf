/**
 * @sigil/locales: the locales Sigil speaks, one definition for the web app
 * that translates its pages and the server that renders index.html's head,
 * the sign-out pages and its error page in the visitor's language
 * (docs/translations.md). This list is the package's whole public surface
 * (index.test.ts snapshots it).
 */

export { LANGUAGE_TAGS } from './language-tags.js';
export { matchLocale } from './match-locale.js';
export { type PoMessageKey, readPoCatalogue, translationIn } from './read-po-catalogue.js';
export {
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE_SECONDS,
  localeCookie,
  localeOfCookie,
  STORED_LOCALE_KEY,
} from './remembered-locale.js';
export {
  directionOf,
  isSupportedLocale,
  LOCALE_NAMES,
  type Locale,
  RIGHT_TO_LEFT_LOCALES,
  SOURCE_LOCALE,
  SUPPORTED_LOCALES,
} from './supported-locales.js';
