import { directionOf, LANGUAGE_TAGS, type Locale } from '@sigil/locales';

/**
 * `<html lang dir>` follow the locale: screen readers, fonts, hyphenation and right-to-left
 * layout read them. `lang` is the locale's language tag (`ar`, not RainbowKit's `ar-AR`).
 */
export function applyDocumentLocale(
  locale: Locale,
  root: HTMLElement = document.documentElement,
): void {
  root.lang = LANGUAGE_TAGS[locale];
  root.dir = directionOf(locale);
}
