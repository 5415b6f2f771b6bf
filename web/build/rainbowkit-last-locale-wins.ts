import type { Plugin } from 'vite';

/**
 * RainbowKit 2.2 loads a language's messages with a dynamic import and, when it
 * arrives, makes that language current, even if the page has asked for another
 * one since; and its provider asks for a language only when it differs from the
 * current one, which a language still loading never is. Choosing 繁體中文 and
 * then English quickly left the wallet dialog in Chinese on an English page.
 * RainbowKit exports neither its `i18n` nor `setLocale`, so a component cannot
 * correct it; this transform rewrites the two places: `setLocale` remembers the
 * language last asked for and keeps messages that arrive late without making
 * them current, and the provider asks whenever its `locale` is not the one last
 * asked for (docs/translations.md, "How the locale is chosen").
 *
 * The RainbowKit version is pinned: if its code changes shape, the build fails
 * here rather than shipping the race again.
 */
export const rainbowKitLocaleRewrites = {
  setLocale: {
    before: `async function setLocale(locale) {
  const isCached = i18n.isLocaleCached(locale);
  if (isCached) {
    i18n.updateLocale(locale);
    return;
  }
  const translations = await fetchTranslations(locale);
  i18n.setTranslations(locale, JSON.parse(translations));
}`,
    after: `var lastAskedLocale;
async function setLocale(locale) {
  lastAskedLocale = locale;
  const isCached = i18n.isLocaleCached(locale);
  if (isCached) {
    i18n.updateLocale(locale);
    return;
  }
  const translations = await fetchTranslations(locale);
  const current = i18n.locale;
  i18n.setTranslations(locale, JSON.parse(translations));
  if (lastAskedLocale !== locale) {
    i18n.updateLocale(i18n.isLocaleCached(lastAskedLocale) ? lastAskedLocale : current);
  }
}`,
  },
  providerAsks: {
    before: 'if (locale && locale !== i18n.locale) {',
    after: 'if (locale && (locale !== i18n.locale || locale !== lastAskedLocale)) {',
  },
} as const;

const rainbowKitEntry = /[\\/]@rainbow-me[\\/]rainbowkit[\\/]dist[\\/]index\.js$/;

/** Rewrites RainbowKit's `setLocale` and its provider's request so that the last language asked for wins. */
export function patchRainbowKitSetLocale(code: string, id: string): string | undefined {
  if (!rainbowKitEntry.test(id.split('?')[0] ?? id)) return undefined;
  let patched = code.replace(/\r\n/g, '\n');
  for (const [name, { before, after }] of Object.entries(rainbowKitLocaleRewrites)) {
    if (patched.split(before).length !== 2) {
      throw new Error(
        `${id}: RainbowKit's ${name} is not the one build/rainbowkit-last-locale-wins.ts knows; ` +
          'check that the language race it fixes is gone and update or remove the transform',
      );
    }
    patched = patched.replace(before, after);
  }
  return patched;
}

/** The transform for the production build and for the dev server's pre-bundling. */
export function rainbowKitLastLocaleWins(): Plugin {
  return {
    name: 'sigil:rainbowkit-last-locale-wins',
    enforce: 'pre',
    transform(code, id) {
      const patched = patchRainbowKitSetLocale(code, id);
      return patched === undefined ? null : { code: patched, map: null };
    },
  };
}
