import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type I18n, type MessageDescriptor, setupI18n } from '@lingui/core';
import { directionOf, LANGUAGE_TAGS, type Locale } from '@sigil/locales';
import { type CompiledPageCatalogue, compilePageCatalogue } from './compile-page-catalogue.js';
import { PAGE_MESSAGES } from './page-messages.js';

/**
 * The compiled page catalogues, one `<locale>.json` each, the same path below
 * server/src and a server build: the build writes them beside its code, and
 * `npm run build -- catalogues` (which `npm run dev` and the server's tests run)
 * beside the sources (scripts/build/write-page-catalogues.ts).
 */
export const defaultCataloguesDir = fileURLToPath(
  new URL('./generated/page-catalogues/', import.meta.url),
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

function readCompiled(dir: string, locale: Locale): CompiledPageCatalogue {
  try {
    return JSON.parse(readFileSync(`${dir}/${locale}.json`, 'utf8')) as CompiledPageCatalogue;
  } catch {
    // No catalogue for this locale (a trimmed deploy): its pages read in English.
    return {};
  }
}

/**
 * The messages of the pages the server renders itself (page-messages.ts), in
 * every locale, from the catalogues the build compiled from the web app's
 * (web/src/locales/<locale>/server.po): one set of translations for the app
 * and the server (docs/translations.md, "The server's pages"). A locale's
 * catalogue is read the first time a page is rendered in it: the server
 * starts without reading any. A message a catalogue lacks reads in English,
 * as in the app; `npm run i18n:check` refuses such a catalogue.
 */
export function loadPageCatalogues(
  dir: string = defaultCataloguesDir,
  messages: readonly MessageDescriptor[] = PAGE_MESSAGES,
): PageCatalogues {
  const translators = new Map<Locale, PageTranslator>();
  const load = (locale: Locale): PageTranslator => {
    const compiled = readCompiled(dir, locale);
    const missing = messages.filter(({ id }) => compiled[id] === undefined);
    const english = compilePageCatalogue(new Map(), missing);
    const catalogue = { ...compiled, ...english };
    return translatorOf(locale, setupI18n({ locale, messages: { [locale]: catalogue } }));
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
