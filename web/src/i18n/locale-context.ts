import type { Locale } from '@sigil/locales';
import { createContext, useContext } from 'react';

export type LocaleState = {
  locale: Locale;
  /** Switches the page to `locale` (once its catalogue has loaded) and remembers the choice. */
  setLocale(locale: Locale): void;
  dir: 'ltr' | 'rtl';
};

export const LocaleContext = createContext<LocaleState | null>(null);

/** The page's locale, its direction, and how to change it. */
export function useLocale(): LocaleState {
  const state = useContext(LocaleContext);
  if (state === null) throw new Error('useLocale needs a LocaleProvider above it');
  return state;
}
