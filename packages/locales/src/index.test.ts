import { expect, it } from 'vitest';
import * as locales from './index.js';

// The public surface is this list: a change to it is a decision, made here in review.
it('exports exactly its public surface', () => {
  expect(Object.keys(locales).sort()).toMatchInlineSnapshot(`
    [
      "LANGUAGE_TAGS",
      "LOCALE_COOKIE",
      "LOCALE_COOKIE_MAX_AGE_SECONDS",
      "LOCALE_NAMES",
      "RIGHT_TO_LEFT_LOCALES",
      "SOURCE_LOCALE",
      "STORED_LOCALE_KEY",
      "SUPPORTED_LOCALES",
      "directionOf",
      "isSupportedLocale",
      "localeCookie",
      "localeOfCookie",
      "matchLocale",
      "readPoCatalogue",
      "translationIn",
    ]
  `);
});
