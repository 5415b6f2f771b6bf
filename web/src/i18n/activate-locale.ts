import { i18n, type Messages } from '@lingui/core';
import type { Locale } from '@sigil/locales';
import { applyDocumentLocale } from './apply-document-locale';
import { loadCatalogue, sourceCatalogue } from './load-catalogue';

function switchTo(locale: Locale, messages: Messages): void {
  i18n.loadAndActivate({ locale, messages });
  applyDocumentLocale(locale);
}

/**
 * Makes `locale` the language of every message: its catalogue loaded, Lingui's
 * instance switched (components under I18nProvider render again), `<html lang
 * dir>` set. English is switched to at once (returns undefined); any other
 * locale when its chunk has loaded, so nothing is shown untranslated and then
 * swapped. `stillWanted` is asked before switching: a later choice wins over
 * a slower catalogue. Resolves to whether it switched.
 */
export function activateLocale(
  locale: Locale,
  stillWanted: () => boolean = () => true,
): Promise<boolean> | undefined {
  if (locale === 'en-US') {
    switchTo(locale, sourceCatalogue());
    return undefined;
  }
  return loadCatalogue(locale).then((messages) => {
    if (!stillWanted()) return false;
    switchTo(locale, messages);
    return true;
  });
}
