import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { directionOf, type Locale } from '@sigil/locales';
import { type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import { activateLocale } from './activate-locale';
import { LocaleContext, type LocaleState } from './locale-context';
import { storeLocale } from './stored-locale';

/**
 * The locale for everything below: Lingui's messages (I18nProvider) and
 * `useLocale()`. `initial` must be active already (main.tsx activates it
 * before the first render). A change waits for its catalogue, then switches
 * the whole page at once; the last change asked for wins.
 */
export function LocaleProvider({ initial, children }: { initial: Locale; children: ReactNode }) {
  const [locale, setCurrent] = useState(initial);
  const latest = useRef(initial);
  const setLocale = useCallback((next: Locale) => {
    latest.current = next;
    storeLocale(next);
    const stillWanted = () => latest.current === next;
    void Promise.resolve(activateLocale(next, stillWanted)).then(
      (switched = true) => {
        if (switched) setCurrent(next);
      },
      (error: unknown) => {
        // The catalogue did not load (offline): the page stays in the language it was in.
        console.error(`The ${next} catalogue could not be loaded`, error);
      },
    );
  }, []);
  const state = useMemo<LocaleState>(
    () => ({ locale, setLocale, dir: directionOf(locale) }),
    [locale, setLocale],
  );
  return (
    <LocaleContext.Provider value={state}>
      <I18nProvider i18n={i18n}>{children}</I18nProvider>
    </LocaleContext.Provider>
  );
}
