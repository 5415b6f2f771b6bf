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
  for (const link of document.head.querySelectorAll('link, script')) link.remove();
  document.body.replaceChildren();
  document.documentElement.removeAttribute('data-first-paint');
  window.sigilEarlyClicks = undefined;
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

describe('localeBootScript in a build', () => {
  const afterPaint = {
    modules: ['/assets/react-a.js'],
    fetches: ['/api/config'],
    entry: '/assets/index-b.js',
  };
  const requested = () =>
    [...document.head.querySelectorAll('link, script')].map(
      (element) =>
        `${element.getAttribute('rel') ?? element.getAttribute('type')} ${element.getAttribute('href') ?? element.getAttribute('src')}`,
    );

  it('loads the entry, its modules, the config and the catalogue a frame after the first paint', () => {
    vi.useFakeTimers();
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      frames.push(callback);
      return frames.length;
    });
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['ja']);
    new Function(localeBootScript({ catalogues, loadingTexts, afterPaint }))();
    expect(requested()).toEqual([]);
    for (const frame of frames) frame(0);
    vi.advanceTimersByTime(0);
    expect(requested()).toEqual([
      'modulepreload /assets/messages-ja.js',
      'modulepreload /assets/react-a.js',
      'preload /api/config',
      'module /assets/index-b.js',
    ]);
    // Once: the timer for a tab that draws no frame loads nothing more.
    vi.advanceTimersByTime(1000);
    expect(requested()).toHaveLength(4);
    vi.useRealTimers();
  });

  it('loads them on a timer where no frame comes (a hidden tab)', () => {
    vi.useFakeTimers();
    vi.spyOn(window, 'requestAnimationFrame').mockReturnValue(1);
    new Function(localeBootScript({ catalogues, loadingTexts, afterPaint }))();
    vi.advanceTimersByTime(2999);
    expect(requested()).not.toContain('module /assets/index-b.js');
    vi.advanceTimersByTime(1);
    expect(requested()).toContain('module /assets/index-b.js');
    vi.useRealTimers();
  });
});

describe("index.html's first paint", () => {
  it('is marked as in another language when the visitor’s is not the one it was served in', () => {
    document.documentElement.setAttribute('lang', 'en-US');
    boot(['ja']);
    expect(document.documentElement.getAttribute('data-first-paint')).toBe('stale');
  });

  it('is left as it is in the language it was served in', () => {
    document.documentElement.setAttribute('lang', 'ja');
    boot(['ja-JP']);
    expect(document.documentElement.hasAttribute('data-first-paint')).toBe(false);
  });

  it('keeps a tap on its Connect, "Get started" and passkey buttons for main.tsx', () => {
    boot(['en']);
    document.body.innerHTML =
      '<button data-early-click="connect" data-testid="connect-placeholder" aria-busy="false"><span>Connect Wallet</span></button>' +
      '<button data-early-click="passkey">Passkey</button><button>Other</button>';
    const [connect, passkey, other] = document.body.querySelectorAll('button');
    connect?.querySelector('span')?.click();
    passkey?.click();
    other?.click();
    expect(window.sigilEarlyClicks).toEqual(['connect', 'passkey']);
    expect(connect?.getAttribute('aria-busy')).toBe('true');
    expect(passkey?.hasAttribute('aria-busy')).toBe(false);
  });

  it('opens its own early wallet list at once for a tap on Connect; closing it drops the tap', () => {
    boot(['en']);
    document.body.innerHTML =
      '<button data-early-click="connect" data-testid="connect-placeholder" aria-busy="false">Connect</button>' +
      '<span role="status" data-busy-text="Opening the wallet list…"></span>' +
      '<dialog data-testid="early-wallet-list"><button class="early-wallet-close">×</button>' +
      '<button data-early-wallet="metaMask" aria-pressed="false">MetaMask</button></dialog>';
    const list = document.querySelector('dialog') as HTMLDialogElement;
    const placeholder = document.querySelector('[data-testid="connect-placeholder"]');
    placeholder?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(list.open).toBe(true);
    expect(placeholder?.getAttribute('aria-busy')).toBe('true');
    expect(document.querySelector('[role="status"]')?.textContent).toBe('Opening the wallet list…');

    const metaMask = document.querySelector('[data-early-wallet]');
    metaMask?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(window.sigilEarlyClicks).toEqual(['connect', 'wallet:metaMask']);
    expect(metaMask?.getAttribute('aria-pressed')).toBe('true');

    document
      .querySelector('.early-wallet-close')
      ?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(list.open).toBe(false);
    expect(window.sigilEarlyClicks).toEqual([]);
    expect(placeholder?.getAttribute('aria-busy')).toBe('false');
    expect(document.querySelector('[role="status"]')?.textContent).toBe('');
  });

  it('remembers a language chosen in its menu as the menu does, and loads the page again', () => {
    boot(['en']);
    document.body.innerHTML =
      '<select data-testid="language-menu"><option value="en-US">English</option><option value="ja-JP">日本語</option></select>';
    const menu = document.querySelector('select') as HTMLSelectElement;
    menu.value = 'ja-JP';
    menu.dispatchEvent(new Event('change', { bubbles: true }));
    expect(localStorage.getItem('sigil.locale')).toBe('ja-JP');
    expect(document.cookie).toContain('sigil-locale=ja-JP');
  });
});
