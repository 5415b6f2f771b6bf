import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readPoCatalogue, translationIn } from '@sigil/locales';
import { afterAll, describe, expect, it } from 'vitest';
import {
  WEB_CATALOGUES_DIR,
  writePageCatalogues,
} from '../../../scripts/build/write-page-catalogues.js';
import { loadPageCatalogues } from './page-catalogues.js';
import { LOGOUT_MESSAGES, PROFILE_PAGE_MESSAGES } from './page-messages.js';

const catalogueOf = (locale: string) =>
  readPoCatalogue(readFileSync(join(WEB_CATALOGUES_DIR, locale, 'server.po'), 'utf8'));

describe('loadPageCatalogues', () => {
  const catalogues = loadPageCatalogues();

  it('speaks each locale in the words of the web app’s catalogue', () => {
    const japanese = catalogues.translatorFor('ja-JP');
    expect(japanese.t(LOGOUT_MESSAGES.staySignedIn)).toBe(
      translationIn(catalogueOf('ja-JP'), { message: 'Stay signed in' }),
    );
    expect(japanese.dir).toBe('ltr');
    expect(catalogues.translatorFor('ar-AR').dir).toBe('rtl');
  });

  it('fills placeholders, in the order the translation puts them', () => {
    const values = { name: 'Ada', appName: 'Sigil' };
    expect(catalogues.translatorFor('en-US').t(PROFILE_PAGE_MESSAGES.title, values)).toBe(
      'Ada on Sigil',
    );
    const japanese = catalogues.translatorFor('ja-JP').t(PROFILE_PAGE_MESSAGES.title, values);
    expect(japanese).toContain('Ada');
    expect(japanese).toContain('Sigil');
    expect(japanese).not.toMatch(/[{}]/);
  });

  describe('with the web app’s catalogues beside the server’s', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sigil-catalogues-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    mkdirSync(join(dir, 'de-DE'));
    writeFileSync(join(dir, 'de-DE', 'messages.po'), 'msgid "Stay signed in"\nmsgstr "App"\n');
    writeFileSync(join(dir, 'de-DE', 'admin.po'), 'msgid "Stay signed in"\nmsgstr "Console"\n');
    writeFileSync(
      join(dir, 'de-DE', 'server.po'),
      'msgid "Stay signed in"\nmsgstr "Angemeldet bleiben"\n',
    );

    it('reads its words from server.po, the catalogue extracted from its messages folder', () => {
      const compiled = join(dir, 'compiled');
      writePageCatalogues(compiled, dir);
      expect(
        loadPageCatalogues(compiled).translatorFor('de-DE').t(LOGOUT_MESSAGES.staySignedIn),
      ).toBe('Angemeldet bleiben');
    });
  });

  describe('without a catalogue for a locale', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sigil-catalogues-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    mkdirSync(join(dir, 'de-DE'));
    writeFileSync(join(dir, 'de-DE', 'server.po'), 'msgid "Stay signed in"\nmsgstr ""\n');

    it('reads in English, untranslated messages too', () => {
      const compiled = join(dir, 'compiled');
      writePageCatalogues(compiled, dir);
      const partial = loadPageCatalogues(compiled);
      expect(partial.translatorFor('de-DE').t(LOGOUT_MESSAGES.staySignedIn)).toBe('Stay signed in');
      expect(
        partial.translatorFor('fr-FR').t(LOGOUT_MESSAGES.clientAsks, { clientName: 'Wiki' }),
      ).toBe('Wiki asks to sign you out of apps that use your Sigil account.');
    });
  });
});
