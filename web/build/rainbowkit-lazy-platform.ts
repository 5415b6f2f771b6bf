import type { Plugin } from 'vite';

/**
 * RainbowKit 2.2 parses the whole user agent with ua-parser-js when its module
 * loads (`var ua = UAParser()`: every browser, engine, device and OS regular
 * expression), for the operating system's name alone, which it reads only to
 * offer a desktop wallet's download. On a phone that parse was a long task of
 * its own when the wallet stack arrived (docs/web-app.md, "Where the main
 * thread's time goes"). This transform reads the operating system the first
 * time RainbowKit asks, and only it (`getOS()`).
 *
 * The RainbowKit version is pinned: if its code changes shape, the build fails
 * here rather than silently parsing at load again.
 */
export const rainbowKitPlatformRewrite = {
  before: `var ua = UAParser();
var { os } = ua;`,
  after: `var platformOs;
var os = {
  get name() {
    platformOs ??= new UAParser().getOS();
    return platformOs.name;
  }
};`,
} as const;

const rainbowKitEntry = /[\\/]@rainbow-me[\\/]rainbowkit[\\/]dist[\\/]index\.js$/;

/** RainbowKit's entry with its platform read when first asked; undefined for any other module. */
export function patchRainbowKitPlatform(code: string, id: string): string | undefined {
  if (!rainbowKitEntry.test(id.split('?')[0] ?? id)) return undefined;
  const normalised = code.replace(/\r\n/g, '\n');
  const { before, after } = rainbowKitPlatformRewrite;
  if (normalised.split(before).length !== 2) {
    throw new Error(
      `${id}: RainbowKit's platform detection is not the one build/rainbowkit-lazy-platform.ts knows; ` +
        'check whether it still parses the user agent at load and update or remove the transform',
    );
  }
  return normalised.replace(before, () => after);
}

/** The transform for the production build and for the dev server's pre-bundling. */
export function rainbowKitLazyPlatform(): Plugin {
  return {
    name: 'sigil:rainbowkit-lazy-platform',
    enforce: 'pre',
    transform(code, id) {
      const patched = patchRainbowKitPlatform(code, id);
      return patched === undefined ? null : { code: patched, map: null };
    },
  };
}
