import { Trans } from '@lingui/react/macro';
import { isSupportedLocale, LANGUAGE_TAGS, LOCALE_NAMES, SUPPORTED_LOCALES } from '@sigil/locales';
import { useId } from 'react';
import { useLocale } from './locale-context';

/**
 * The language menu of every page's header: a native <select>, each language
 * named in itself (and marked with its `lang`, so a screen reader says it in
 * that language). A choice applies at once and is remembered.
 */
export function LanguageMenu() {
  const { locale, setLocale } = useLocale();
  const id = useId();
  return (
    <div className="language-menu">
      <label htmlFor={id} className="visually-hidden">
        <Trans>Language</Trans>
      </label>
      <select
        id={id}
        value={locale}
        onChange={(event) => {
          const next = event.currentTarget.value;
          if (isSupportedLocale(next)) setLocale(next);
        }}
        data-testid="language-menu"
      >
        {SUPPORTED_LOCALES.map((option) => (
          <option key={option} value={option} lang={LANGUAGE_TAGS[option]}>
            {LOCALE_NAMES[option]}
          </option>
        ))}
      </select>
    </div>
  );
}
