import { describe, expect, it } from 'vitest';
import { LOCALE_COOKIE, localeCookie, localeOfCookie } from './remembered-locale.js';

describe('localeCookie', () => {
  it('remembers a choice for every path of the site for a year, sent on top-level navigations', () => {
    expect(localeCookie('ja-JP', { secure: false })).toBe(
      `${LOCALE_COOKIE}=ja-JP; Path=/; Max-Age=31536000; SameSite=Lax`,
    );
  });

  it('is Secure on an https page', () => {
    expect(localeCookie('ar-AR', { secure: true })).toMatch(/; Secure$/);
  });
});

describe('localeOfCookie', () => {
  it('reads a supported locale', () => {
    expect(localeOfCookie('zh-HK')).toBe('zh-HK');
  });

  it.each([undefined, null, '', 'ja', 'JA-JP', 'xx-XX', '<script>', 'en-US; Path=/', ['de-DE']])(
    'counts %j as no choice',
    (value) => {
      expect(localeOfCookie(value)).toBeNull();
    },
  );
});
