// The package by its source path: Vite's config loader, like Lingui's, runs before any package is built.
import {
  LANGUAGE_TAGS,
  matchLocale,
  RIGHT_TO_LEFT_LOCALES,
  SOURCE_LOCALE,
  STORED_LOCALE_KEY,
  SUPPORTED_LOCALES,
} from '../../packages/locales/src/index.ts';

export type LocaleBootScriptParameters = {
  /** Each non-English locale's catalogue chunk, as the page requests it ("/assets/messages-….js"). */
  catalogues: Readonly<Record<string, string>>;
  /** index.html's "Loading Sigil…" in each locale that has it translated. */
  loadingTexts: Readonly<Record<string, string>>;
};

/**
 * The source of the classic script index.html runs in its head, before the
 * entry and before the first paint: it picks the locale as main.tsx will (the
 * remembered choice, else matchLocale over navigator.languages), sets `<html
 * lang dir>` so nothing is laid out in the wrong direction first, shows the
 * loading line in that language (through a CSS variable the `.boot` rule
 * reads), and asks for the locale's catalogue chunk at once (a modulepreload),
 * so it arrives alongside the entry rather than one round trip after it.
 * An English visitor fetches no catalogue: English is in the entry.
 * (docs/translations.md, "How the locale is chosen").
 */
export function localeBootScript({ catalogues, loadingTexts }: LocaleBootScriptParameters): string {
  const data = {
    supported: SUPPORTED_LOCALES,
    fallback: SOURCE_LOCALE,
    tags: LANGUAGE_TAGS,
    rtl: RIGHT_TO_LEFT_LOCALES,
    key: STORED_LOCALE_KEY,
    catalogues,
    loading: loadingTexts,
  };
  return `(function () {
  var d = ${JSON.stringify(data)};
  var matchLocale = ${matchLocale.toString()};
  var locale = null;
  try {
    var stored = localStorage.getItem(d.key);
    if (d.supported.indexOf(stored) !== -1) locale = stored;
  } catch (error) {}
  if (locale === null) {
    var languages = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || ''];
    locale = matchLocale(languages, d.supported, d.fallback);
  }
  var root = document.documentElement;
  root.lang = d.tags[locale];
  root.dir = d.rtl.indexOf(locale) !== -1 ? 'rtl' : 'ltr';
  if (Object.prototype.hasOwnProperty.call(d.loading, locale)) {
    root.style.setProperty('--boot-text', JSON.stringify(d.loading[locale]));
  }
  if (Object.prototype.hasOwnProperty.call(d.catalogues, locale)) {
    var link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = 'anonymous';
    link.href = d.catalogues[locale];
    document.head.appendChild(link);
  }
})();
`;
}
