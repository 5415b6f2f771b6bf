import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { type Locale, readPoCatalogue, translationIn } from '@sigil/locales';
import { screen } from '@testing-library/react';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { lazyPage } from '../../app/lazy-page';
import { activateLocale } from '../../i18n/activate-locale';
import { refusal, renderConsole } from './render-console.test-support';

vi.mock('uplot', () => import('./uplot-stand-in.test-support'));

// import.meta.dirname: under jsdom, URL is the browser's, which fileURLToPath refuses.
function inAdminCatalogue(locale: Locale, message: string): string {
  const catalogue = readPoCatalogue(
    readFileSync(join(import.meta.dirname, '../../locales', locale, 'admin.po'), 'utf8'),
  );
  const translation = translationIn(catalogue, { message });
  if (!translation) throw new Error(`${locale}/admin.po does not translate "${message}"`);
  return translation;
}

const NOT_ALLOWED = 'Not allowed';
const forbidden = () => {
  throw refusal('FORBIDDEN');
};

/**
 * The console's words are in a catalogue of their own (docs/translations.md,
 * "Three catalogues"), loaded with its lazy page: in another language it
 * reads in that language's words from its first render, and after a change of
 * language while it is open.
 */
describe('the console in a language other than English', () => {
  afterAll(() => activateLocale('en-US'));

  it('renders in the words of its own catalogue once its page has loaded', async () => {
    const japanese = inAdminCatalogue('ja-JP', NOT_ALLOWED);
    await activateLocale('ja-JP');
    // As the route table loads it: the page module with the part it names.
    await lazyPage(() => import('./admin-page')).preload();
    renderConsole({ path: '/admin', rootValue: { admin: forbidden } });
    expect(await screen.findByRole('heading', { level: 1, name: japanese })).toBeTruthy();
    expect(screen.queryByText(NOT_ALLOWED)).toBeNull();
  });

  it('switches to the new language with the console’s words already there', async () => {
    const german = inAdminCatalogue('de-DE', NOT_ALLOWED);
    renderConsole({ path: '/admin', rootValue: { admin: forbidden } });
    await screen.findByRole('heading', { level: 1, name: inAdminCatalogue('ja-JP', NOT_ALLOWED) });
    // What every render after the switch reads: never the English source nor an id.
    const seen: string[] = [];
    const unsubscribe = i18n.on('change', () => {
      if (i18n.locale === 'de-DE') seen.push(i18n._(msg`Not allowed`));
    });
    try {
      await activateLocale('de-DE');
    } finally {
      unsubscribe();
    }
    expect(seen.length).toBeGreaterThan(0);
    expect(new Set(seen)).toEqual(new Set([german]));
    expect(await screen.findByRole('heading', { level: 1, name: german })).toBeTruthy();
  });
});
