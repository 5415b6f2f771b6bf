import { i18n, type Messages } from '@lingui/core';
import type { Locale } from '@sigil/locales';
import { applyDocumentLocale } from './apply-document-locale';
import { type CataloguePart, loadPart, registeredParts } from './catalogue-part';
import { loadCatalogue, sourceCatalogue } from './load-catalogue';

function switchTo(locale: Locale, messages: Messages): void {
  i18n.loadAndActivate({ locale, messages });
  applyDocumentLocale(locale);
}

/**
 * The parts registered (catalogue-part.ts) in `locale`, merged over `main`;
 * a part registered while they load is loaded too, so the switch leaves none
 * of them behind.
 */
async function withParts(locale: Locale, main: Messages): Promise<Messages> {
  const loaded = new Map<CataloguePart, Messages>();
  for (let parts = registeredParts(); parts.some((part) => !loaded.has(part)); ) {
    await Promise.all(
      parts
        .filter((part) => !loaded.has(part))
        .map(async (part) => loaded.set(part, await loadPart(part, locale))),
    );
    parts = registeredParts();
  }
  return Object.assign({}, main, ...loaded.values());
}

/**
 * Makes `locale` the language of every message: its catalogue loaded, with
 * the parts of the pages loaded so far (the console's), Lingui's instance
 * switched (components under I18nProvider render again), `<html lang dir>`
 * set. English is switched to at once (returns undefined): its parts are in
 * their pages' chunks, loaded already. Any other locale when all its chunks
 * have loaded, so nothing is shown untranslated and then swapped.
 * `stillWanted` is asked before switching: a later choice wins over a slower
 * catalogue. Resolves to whether it switched.
 */
export function activateLocale(
  locale: Locale,
  stillWanted: () => boolean = () => true,
): Promise<boolean> | undefined {
  if (locale === 'en-US') {
    const parts = registeredParts().map((part) => part.source);
    switchTo(locale, Object.assign({}, sourceCatalogue(), ...parts));
    return undefined;
  }
  return loadCatalogue(locale)
    .then((messages) => withParts(locale, messages))
    .then((messages) => {
      if (!stillWanted()) return false;
      switchTo(locale, messages);
      return true;
    });
}
