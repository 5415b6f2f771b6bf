import type { Locale } from '@sigil/locales';
import type { JSXElementConstructor, ReactNode } from 'react';
import { LocaleProvider } from '../i18n/locale-provider';

/**
 * A Testing Library wrapper that puts `ui` under the app's LocaleProvider (as
 * main.tsx does), around the test's own wrapper if it has one: components
 * read their words from Lingui, which needs the provider.
 */
export function withLocale(locale: Locale, inner?: JSXElementConstructor<{ children: ReactNode }>) {
  // biome-ignore lint/correctness/noComponentHookFactories: made once per render call, as a Testing Library wrapper is.
  return function LocaleWrapper({ children }: { children: ReactNode }) {
    const Inner = inner;
    return (
      <LocaleProvider initial={locale}>
        {Inner ? <Inner>{children}</Inner> : children}
      </LocaleProvider>
    );
  };
}
