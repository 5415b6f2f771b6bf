import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type I18n, type MessageDescriptor, setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import {
  directionOf,
  LANGUAGE_TAGS,
  type Locale,
  readPoCatalogue,
  translationIn,
} from '@sigil/locales';
import { PAGE_MESSAGES } from './page-messages.js';

/** The web app's catalogues, one PO file per locale; the same path from server/src and server/dist. */
export const defaultCataloguesDir = fileURLToPath(
  new URL('../../../web/src/locales/', import.meta.url),
);

/** Words in one locale, for a page the server renders. */
export type PageTranslator = {
  locale: Locale;
  /** The page's `<html lang>`: the locale's language tag (`ar` for `ar-AR`). */
  lang: string;
  dir: 'ltr' | 'rtl';
  /** A message in this locale, its `{placeholders}` filled; plain text, for the caller to escape. */
  t(descriptor: MessageDescriptor, values?: Record<string, string>): string;
};

export type PageCatalogues = { translatorFor(locale: Locale): PageTranslator };

function translatorOf(locale: Locale, i18n: I18n): PageTranslator {
  return {
    locale,
    lang: LANGUAGE_TAGS[locale],
    dir: directionOf(locale),
    t: (descriptor, values) => i18n._(descriptor.id, values),
  };
}

/**
 * The messages of the pages the server renders itself (page-messages.ts), in
 * every locale, from the web app's catalogues (web/src/locales/<locale>/server.po):
 * one set of translations for the app and the server (docs/translations.md,
 * "The server's pages"). A locale's catalogue is read the first time a page
 * is rendered in it, and only those messages are compiled: the server starts
 * without reading any. A message a catalogue lacks reads in English, as in
 * the app; `npm run i18n:check` refuses such a catalogue.
 */
export function loadPageCatalogues(
  dir: string = defaultCataloguesDir,
  messages: readonly MessageDescriptor[] = PAGE_MESSAGES,
): PageCatalogues {
  const translators = new Map<Locale, PageTranslator>();
  const load = (locale: Locale): PageTranslator => {
    let catalogue: ReadonlyMap<string, string> = new Map();
    try {
      catalogue = readPoCatalogue(readFileSync(`${dir}/${locale}/server.po`, 'utf8'));
    } catch {
      // No catalogue for this locale (a trimmed deploy): its pages read in English.
    }
    const compiled: Record<string, ReturnType<typeof compileMessage>> = {};
    for (const { id, message = id } of messages) {
      compiled[id] = compileMessage(translationIn(catalogue, { message }) ?? message);
    }
    return translatorOf(locale, setupI18n({ locale, messages: { [locale]: compiled } }));
  };
  return {
    translatorFor(locale) {
      let translator = translators.get(locale);
      if (!translator) {
        translator = load(locale);
        translators.set(locale, translator);
      }
      return translator;
    },
  };
}

let loaded: PageCatalogues | undefined;

/** The page catalogues of defaultCataloguesDir, each read on first use and kept for the process. */
export function pageCatalogues(): PageCatalogues {
  loaded ??= loadPageCatalogues();
  return loaded;
}
