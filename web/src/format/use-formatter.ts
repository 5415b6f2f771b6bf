import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { useLocale } from '../i18n/locale-context';
import { createFormatter, type Formatter } from './create-formatter';

/** The app's formatter in the page's locale (docs/web-app.md, "Dates, times and numbers"). */
export function useFormatter(): Formatter {
  const { locale } = useLocale();
  const { t } = useLingui();
  // "just now" is the catalogue's: Intl's word for it ("now") reads oddly after "Checked".
  const justNow = t({ message: 'just now', comment: 'A relative time: less than a minute ago.' });
  return useMemo(() => createFormatter(locale, { justNow }), [locale, justNow]);
}
