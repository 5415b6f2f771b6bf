import { useMemo } from 'react';
import { createFormatter, type Formatter } from './create-formatter';

/** The app's formatter in the visitor's locale (docs/web-app.md, "Dates, times and numbers"). */
export function useFormatter(): Formatter {
  // Until the locale choice lands: the browser's first language.
  const locale = typeof navigator === 'undefined' ? 'en-US' : navigator.language;
  return useMemo(() => createFormatter(locale, { justNow: 'just now' }), [locale]);
}
