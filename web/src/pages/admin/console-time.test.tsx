import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { activateLocale } from '../../i18n/activate-locale';
import { withLocale } from '../../test/render-in-locale';
import { ConsoleTime } from './console-time';

const at = '2026-11-27T06:47:00.000Z';

describe('ConsoleTime', () => {
  it('writes an instant in the one form of the page, keeping the instant as its datetime', () => {
    render(<ConsoleTime value={at} />);
    const time = screen.getByText(
      new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(
        Date.parse(at),
      ),
    );
    expect(time.tagName).toBe('TIME');
    expect(time.getAttribute('datetime')).toBe(at);
  });

  it("follows the page's locale", async () => {
    await activateLocale('de-DE');
    try {
      render(<ConsoleTime value={at} />, { wrapper: withLocale('de-DE') });
      expect(screen.getByText(/^27\.11\.2026, \d\d:47$/).tagName).toBe('TIME');
    } finally {
      await activateLocale('en-US');
    }
  });

  it('shows a dash for no instant', () => {
    render(<ConsoleTime value={null} />);
    expect(screen.getByText('—').className).toBe('muted');
  });
});
