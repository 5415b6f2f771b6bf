import type { IncomingHttpHeaders } from 'node:http';
import {
  LOCALE_COOKIE,
  type Locale,
  localeOfCookie,
  matchLocale,
  SOURCE_LOCALE,
  SUPPORTED_LOCALES,
} from '@sigil/locales';
import { cookiesOf } from '../http/cookies.js';
import { languagesOf } from './accept-language.js';

/**
 * The locale of a page the server renders, as the web app would pick it
 * (docs/translations.md, "How the locale is chosen"): the language menu's
 * choice (the `sigil-locale` cookie, when it names a supported locale), else
 * the best match of `Accept-Language`, else en-US. A response that depends on
 * it varies by both headers (VARY_BY_LOCALE).
 */
export function localeOfRequest(
  headers: Pick<IncomingHttpHeaders, 'cookie' | 'accept-language'>,
): Locale {
  const chosen = localeOfCookie(cookiesOf({ headers }).cookies[LOCALE_COOKIE]);
  return (
    chosen ?? matchLocale(languagesOf(headers['accept-language']), SUPPORTED_LOCALES, SOURCE_LOCALE)
  );
}

/** The request headers localeOfRequest reads, for a response's `Vary`. */
export const VARY_BY_LOCALE = 'accept-language, cookie';
