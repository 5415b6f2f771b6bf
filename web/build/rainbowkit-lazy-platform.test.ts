import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { UAParser } from 'ua-parser-js';
import { describe, expect, it, vi } from 'vitest';
import { patchRainbowKitPlatform, rainbowKitPlatformRewrite } from './rainbowkit-lazy-platform.ts';

const require = createRequire(import.meta.url);
const rainbowKitEntryPath = require
  .resolve('@rainbow-me/rainbowkit')
  .replace(/[\\/]dist[\\/].*$/, '/dist/index.js');

/** RainbowKit's `os` (its code or the rewritten one), with a counting UAParser. */
function platform(version: 'before' | 'after', userAgent: string) {
  const parse = vi.fn(function (this: unknown) {
    return new.target ? new UAParser(userAgent) : UAParser(userAgent);
  });
  const os = new Function('UAParser', `${rainbowKitPlatformRewrite[version]}\nreturn os;`)(parse);
  return { os: os as { name?: string }, parse };
}

describe('RainbowKit’s platform, read when first asked', () => {
  const macChrome =
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
  const windowsFirefox =
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

  it('parses nothing when RainbowKit loads, where RainbowKit parsed the whole user agent', () => {
    expect(platform('before', macChrome).parse).toHaveBeenCalledTimes(1);
    expect(platform('after', macChrome).parse).not.toHaveBeenCalled();
  });

  it('names the same operating system as RainbowKit, parsing once', () => {
    for (const userAgent of [macChrome, windowsFirefox]) {
      const before = platform('before', userAgent).os.name;
      const { os, parse } = platform('after', userAgent);
      expect(os.name).toBe(before);
      expect(os.name).toBe(before);
      expect(parse).toHaveBeenCalledTimes(1);
    }
  });

  it('rewrites RainbowKit’s own module, once, and nothing else', () => {
    const code = readFileSync(rainbowKitEntryPath, 'utf8');
    const patched = patchRainbowKitPlatform(code, rainbowKitEntryPath) ?? '';
    expect(patched).toContain(rainbowKitPlatformRewrite.after);
    expect(patched).not.toContain(rainbowKitPlatformRewrite.before);
    expect(patchRainbowKitPlatform(code, '/somewhere/else.js')).toBeUndefined();
  });
});
