import { i18n, type Messages } from '@lingui/core';
import type { Locale } from '@sigil/locales';

/**
 * Some of the app's words in a catalogue of their own, loaded with the lazy
 * page that shows them (docs/translations.md, "Three catalogues"): the
 * console's `admin.po`. English is the chunk's own (a static import there),
 * any other locale one more chunk.
 */
export type CataloguePart = {
  source: Messages;
  load(locale: Exclude<Locale, 'en-US'>): Promise<{ messages: Messages }>;
};

const registered = new Set<CataloguePart>();

/** The parts some page has asked for so far: every later change of language loads them too. */
export function registeredParts(): readonly CataloguePart[] {
  return [...registered];
}

/** `part`'s messages in `locale`: at once for English, from the part's chunk for any other. */
export function loadPart(part: CataloguePart, locale: Locale): Messages | Promise<Messages> {
  if (locale === 'en-US') return part.source;
  return part.load(locale).then((module) => module.messages);
}

/**
 * Registers `part` and merges its messages in the active locale into
 * Lingui's (`i18n.load` adds to a locale's messages): a page awaits this
 * before its first render, so it never shows an id or English in another
 * language. Once registered, activateLocale loads the part with the main
 * catalogue on every change of language.
 */
export async function addCataloguePart(part: CataloguePart): Promise<void> {
  registered.add(part);
  const locale = i18n.locale as Locale;
  const messages = await loadPart(part, locale);
  // A change of language since: activateLocale saw the part registered, and loaded it itself.
  if (i18n.locale === locale) i18n.load(locale, messages);
}
