import { afterEach, describe, expect, it, vi } from 'vitest';
import { localeBootScript } from './locale-boot-script';

const catalogues = { 'ja-JP': '/assets/messages-ja.js', 'ar-AR': '/assets/messages-ar.js' };
const loadingTexts = { 'en-US': 'Loading Sigil…', 'ja-JP': 'Sigil を読み込んでいます…' };

/** Runs the startup script as index.html does, with these browser languages. */
function boot(languages: string[]) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
  new Function(localeBootScript({ catalogues, loadingTexts }))();
  const preloads = [...document.head.querySelectorAll('link[rel="modulepreload"]')];
  return {
    lang: document.documentElement.lang,
    dir: document.documentElement.dir,
    preloads: preloads.map((link) => link.getAttribute('href')),
    loading: document.documentElement.style.getPropertyValue('--boot-text'),
  };
}

afterEach(() => {
  for (const link of document.head.querySelectorAll('link')) link.remove();
  document.documentElement.removeAttribute('style');
  document.documentElement.lang = '';
  document.documentElement.dir = '';
});

describe('localeBootScript', () => {
  it("sets <html lang dir> from the browser's languages and fetches that catalogue at once", () => {
    expect(boot(['ja', 'en'])).toEqual({
      lang: 'ja',
      dir: 'ltr',
      preloads: ['/assets/messages-ja.js'],
      loading: '"Sigil を読み込んでいます…"',
    });
  });

  it('lays Arabic out right to left before the first paint', () => {
    expect(boot(['ar-EG'])).toMatchObject({
      lang: 'ar',
      dir: 'rtl',
      preloads: ['/assets/messages-ar.js'],
    });
  });

  it('fetches no catalogue for English, nor for a language it does not support', () => {
    expect(boot(['en-GB'])).toMatchObject({ lang: 'en-US', dir: 'ltr', preloads: [] });
    expect(boot(['nl-NL'])).toMatchObject({ lang: 'en-US', dir: 'ltr', preloads: [] });
  });

  it('lets the remembered choice win over the browser', () => {
    localStorage.setItem('sigil.locale', 'ar-AR');
    expect(boot(['ja-JP'])).toMatchObject({ lang: 'ar', dir: 'rtl' });
  });

  it('ignores a remembered value that is not a supported locale', () => {
    localStorage.setItem('sigil.locale', 'xx-XX');
    expect(boot(['de-CH'])).toMatchObject({ lang: 'de' });
  });
});
