import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import {
  patchRainbowKitSetLocale,
  rainbowKitLocaleRewrites,
} from './rainbowkit-last-locale-wins.ts';

const require = createRequire(import.meta.url);
const rainbowKitEntryPath = require
  .resolve('@rainbow-me/rainbowkit')
  .replace(/[\\/]dist[\\/].*$/, '/dist/index.js');

/**
 * RainbowKit's provider asking for its `locale` prop, and `setLocale` answering
 * (RainbowKit's code or the rewritten one), against RainbowKit's i18n contract:
 * English is cached, other languages arrive when the test says so.
 */
function localeSwitcher(version: 'before' | 'after') {
  const arrivals = new Map<string, () => void>();
  const i18n = {
    locale: 'en-US',
    cached: new Set(['en-US']),
    isLocaleCached(locale: string) {
      return this.cached.has(locale);
    },
    updateLocale(locale: string) {
      this.locale = locale;
    },
    setTranslations(locale: string) {
      this.cached.add(locale);
      this.locale = locale;
    },
  };
  const fetchTranslations = (locale: string) =>
    new Promise<string>((resolve) => arrivals.set(locale, () => resolve('{}')));
  const { setLocale, providerAsks } = rainbowKitLocaleRewrites;
  const ask = new Function(
    'i18n',
    'fetchTranslations',
    `${setLocale[version]}
    return function providerEffect(locale) {
      ${providerAsks[version]} return setLocale(locale); }
      return Promise.resolve();
    };`,
  )(i18n, fetchTranslations) as (locale: string) => Promise<void>;
  return { i18n, ask, arrive: (locale: string) => arrivals.get(locale)?.() };
}

describe('RainbowKit: the last language asked for wins', () => {
  it('patches the installed RainbowKit', () => {
    const code = readFileSync(rainbowKitEntryPath, 'utf8');
    const patched = patchRainbowKitSetLocale(code, rainbowKitEntryPath);
    for (const { before, after } of Object.values(rainbowKitLocaleRewrites)) {
      expect(patched).toContain(after);
      expect(patched).not.toContain(before);
    }
  });

  it('leaves every other module alone', () => {
    expect(patchRainbowKitSetLocale('export {}', '/app/src/main.tsx')).toBeUndefined();
  });

  it('refuses a RainbowKit whose setLocale it does not know', () => {
    expect(() =>
      patchRainbowKitSetLocale(
        'async function setLocale() {}',
        '/x/node_modules/@rainbow-me/rainbowkit/dist/index.js',
      ),
    ).toThrow(/not the one/);
  });

  it("RainbowKit's own setLocale ends in the late language (the race the patch removes)", async () => {
    const { i18n, ask, arrive } = localeSwitcher('before');
    const chinese = ask('zh-TW');
    await ask('en-US');
    arrive('zh-TW');
    await chinese;
    expect(i18n.locale).toBe('zh-TW');
  });

  it('ends in English when English is asked for while Chinese is still loading', async () => {
    const { i18n, ask, arrive } = localeSwitcher('after');
    const chinese = ask('zh-TW');
    await ask('en-US');
    arrive('zh-TW');
    await chinese;
    expect(i18n.locale).toBe('en-US');
    // The late messages are kept: choosing Chinese again needs no import.
    await ask('zh-TW');
    expect(i18n.locale).toBe('zh-TW');
  });

  it('ends in the later of two languages that arrive out of order', async () => {
    const { i18n, ask, arrive } = localeSwitcher('after');
    const japanese = ask('ja');
    const arabic = ask('ar');
    arrive('ar');
    await arabic;
    arrive('ja');
    await japanese;
    expect(i18n.locale).toBe('ar');
  });

  it('makes a language current when it arrives and nothing was asked since', async () => {
    const { i18n, ask, arrive } = localeSwitcher('after');
    const japanese = ask('ja');
    arrive('ja');
    await japanese;
    expect(i18n.locale).toBe('ja');
  });
});
