import type { IncomingHttpHeaders } from 'node:http';
import {
  LOCALE_COOKIE,
  type Locale,
  localeOfCookie,
  matchLocale,
  SOURCE_LOCALE,
  SUPPORTED_LOCALES,
} from '@sigil/locales';
import { languagesOf } from './accept-language.js';

/**
 * The locale of a page the server renders, as the web app would pick it
 * (docs/translations.md, "How the locale is chosen"): the language menu's
 * choice (the `sigil-locale` cookie, when it names a supported locale), else
 * the best match of `Accept-Language`, else en-US. A response that depends on
 * it varies by both headers (VARY_BY_LOCALE).
 */
/**
 * The value of the `sigil-locale` cookie in a Cookie header. A plain match, not a
 * cookie parser: a value that is a supported locale has nothing to decode, and
 * any other counts as none.
 */
function localeCookieValue(header: string | undefined): string | undefined {
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const at = pair.indexOf('=');
    if (at !== -1 && pair.slice(0, at).trim() === LOCALE_COOKIE) return pair.slice(at + 1).trim();
  }
  return undefined;
}

export function localeOfRequest(
  headers: Pick<IncomingHttpHeaders, 'cookie' | 'accept-language'>,
): Locale {
  const chosen = localeOfCookie(localeCookieValue(headers.cookie));
  return (
    chosen ?? matchLocale(languagesOf(headers['accept-language']), SUPPORTED_LOCALES, SOURCE_LOCALE)
  );
}

/** The request headers localeOfRequest reads, for a response's `Vary`. */
export const VARY_BY_LOCALE = 'accept-language, cookie';
