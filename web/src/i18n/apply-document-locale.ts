import { directionOf, type Locale } from '@sigil/locales';

/** `<html lang dir>` follow the locale: screen readers, fonts, hyphenation and right-to-left layout read them. */
export function applyDocumentLocale(
  locale: Locale,
  root: HTMLElement = document.documentElement,
): void {
  root.lang = locale;
  root.dir = directionOf(locale);
}
