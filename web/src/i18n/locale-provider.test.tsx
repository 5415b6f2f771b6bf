import { i18n } from '@lingui/core';
import { LOCALE_COOKIE, LOCALE_NAMES, STORED_LOCALE_KEY, SUPPORTED_LOCALES } from '@sigil/locales';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { activateLocale } from './activate-locale';
import { chooseLocale } from './choose-locale';
import { LanguageMenu } from './language-menu';
import { useLocale } from './locale-context';

function CurrentLocale() {
  const { locale, dir } = useLocale();
  return <output data-testid="current">{`${locale} ${dir}`}</output>;
}

describe('LanguageMenu', () => {
  it('names each of the 19 languages in itself', () => {
    render(<LanguageMenu />);
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.getAttribute('value'))).toEqual([...SUPPORTED_LOCALES]);
    expect(screen.getByRole('option', { name: '日本語' }).getAttribute('lang')).toBe('ja');
    expect(screen.getByRole('option', { name: 'العربية' })).toBeTruthy();
    expect(LOCALE_NAMES['de-DE']).toBe('Deutsch');
    expect(screen.getByRole('combobox', { name: 'Language' })).toBeTruthy();
  });

  it('switches the page at once, sets <html lang dir> and remembers the choice', async () => {
    render(
      <>
        <LanguageMenu />
        <CurrentLocale />
      </>,
    );
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'ar-AR' } });
    await waitFor(() => expect(screen.getByTestId('current').textContent).toBe('ar-AR rtl'));
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(localStorage.getItem(STORED_LOCALE_KEY)).toBe('ar-AR');
    // The server reads the choice from the cookie, to render its own pages in it.
    expect(document.cookie).toContain(`${LOCALE_COOKIE}=ar-AR`);
    expect(chooseLocale()).toBe('ar-AR');

    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'en-US' } });
    await waitFor(() => expect(screen.getByTestId('current').textContent).toBe('en-US ltr'));
    expect(document.documentElement.dir).toBe('ltr');
  });

  it('lets the last of two quick choices win over a catalogue that arrives later', async () => {
    render(
      <>
        <LanguageMenu />
        <CurrentLocale />
      </>,
    );
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'ja-JP' } });
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'en-US' } });
    await waitFor(() => expect(screen.getByTestId('current').textContent).toBe('en-US ltr'));
    expect(document.documentElement.lang).toBe('en-US');
  });

  it('does not switch to a catalogue that arrives once another choice was made', async () => {
    // The provider asks `stillWanted` (is this still the latest choice?) when a catalogue has
    // loaded; awaiting the very load proves the outcome, with no timer.
    expect(await activateLocale('ja-JP', () => false)).toBe(false);
    expect(i18n.locale).toBe('en-US');
    expect(await activateLocale('ja-JP', () => true)).toBe(true);
    expect(i18n.locale).toBe('ja-JP');
    activateLocale('en-US');
  });
});
