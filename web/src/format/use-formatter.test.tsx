import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { activateLocale } from '../i18n/activate-locale';
import { withLocale } from '../test/render-in-locale';
import { useFormatter } from './use-formatter';

describe('useFormatter', () => {
  it("formats in the page's locale", async () => {
    await activateLocale('de-DE');
    try {
      const { result } = renderHook(() => useFormatter(), { wrapper: withLocale('de-DE') });
      expect(result.current.locale).toBe('de-DE');
      expect(result.current.number(1234567)).toBe('1.234.567');
    } finally {
      await activateLocale('en-US');
    }
  });

  it('says "just now" in the words of the catalogue', () => {
    const { result } = renderHook(() => useFormatter());
    expect(result.current.relativeTime(Date.now(), Date.now())).toBe('just now');
  });
});
