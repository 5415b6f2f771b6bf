import { describe, expect, it } from 'vitest';
import { localeOfRequest } from './request-locale.js';

describe('localeOfRequest', () => {
  it('follows the language menu’s choice, remembered in the sigil-locale cookie, first', () => {
    expect(
      localeOfRequest({ cookie: 'other=1; sigil-locale=ar-AR', 'accept-language': 'ja' }),
    ).toBe('ar-AR');
  });

  it('matches Accept-Language as the web app matches navigator.languages', () => {
    expect(localeOfRequest({ 'accept-language': 'ja,en-US;q=0.9' })).toBe('ja-JP');
    expect(localeOfRequest({ 'accept-language': 'pt-PT' })).toBe('pt-BR');
    expect(localeOfRequest({ 'accept-language': 'zh-Hant-HK' })).toBe('zh-HK');
    expect(localeOfRequest({ 'accept-language': 'xx, de;q=0.1' })).toBe('de-DE');
  });

  it('answers en-US without a header, or for a language Sigil does not speak', () => {
    expect(localeOfRequest({})).toBe('en-US');
    expect(localeOfRequest({ 'accept-language': 'sw-KE, eo' })).toBe('en-US');
  });

  it.each([
    ['an unknown locale', 'sigil-locale=xx-XX'],
    ['a bare language', 'sigil-locale=ja'],
    ['a broken escape', 'sigil-locale=%E0%A4%A'],
    ['a quoted value', 'sigil-locale="ja-JP'],
    ['markup', 'sigil-locale=<script>alert(1)</script>'],
    ['a long value', `sigil-locale=${'a'.repeat(5000)}`],
    ['an empty value', 'sigil-locale='],
  ])('ignores a cookie holding %s and falls back to Accept-Language', (_what, cookie) => {
    expect(localeOfRequest({ cookie, 'accept-language': 'ko' })).toBe('ko-KR');
    expect(localeOfRequest({ cookie })).toBe('en-US');
  });
});
