import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';
// The package by its source path: Lingui loads this file before any package is built.
import { SOURCE_LOCALE, SUPPORTED_LOCALES } from '../packages/locales/src/index.ts';

/** Tests and their helpers hold no message of the app. */
const NOT_MESSAGES = [
  '**/*.test.ts',
  '**/*.test.tsx',
  '<rootDir>/src/test/**',
  '**/node_modules/**',
];

/**
 * The catalogues of the web app (docs/translations.md): PO files per
 * locale, messages keyed by Lingui's generated ids, English the source.
 * Origins without line numbers, so moving code does not change a catalogue.
 */
export default defineConfig({
  sourceLocale: SOURCE_LOCALE,
  locales: [...SUPPORTED_LOCALES],
  // Three catalogues per locale (docs/translations.md, "Three catalogues"): what every visitor
  // downloads is the app's own words; the console's load with its chunk, for administrators
  // only; the server's pages' words are read by the server and never bundled.
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: [...NOT_MESSAGES, '<rootDir>/src/pages/admin/**'],
    },
    {
      path: '<rootDir>/src/locales/{locale}/admin',
      include: ['<rootDir>/src/pages/admin'],
      exclude: NOT_MESSAGES,
    },
    {
      // The server's own pages (index.html's head, the sign-out and error pages):
      // server/src/i18n/page-catalogues.ts reads these (docs/translations.md, "The server's pages").
      path: '<rootDir>/src/locales/{locale}/server',
      include: ['<rootDir>/../server/src/i18n/messages'],
      exclude: NOT_MESSAGES,
    },
  ],
  format: formatter({ lineNumbers: false }),
  // No fallbackLocales: a message not yet translated still reads in English (the source
  // locale's words are the compile's last resort), but counts as missing, so the strict
  // compile of `npm run i18n:check` refuses the catalogue.
  // Grouped by the file a message comes from: a translator reads a page's messages together.
  orderBy: 'origin',
});
