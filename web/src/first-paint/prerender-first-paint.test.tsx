import type { Locale } from '@sigil/locales';
import { act, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import { LocaleProvider } from '../i18n/locale-provider';
import { withLocale } from '../test/render-in-locale';
import { discoverAnnouncedWallets, forgetAnnouncedWallets } from './announced-wallets';
import { FirstPaintLayout } from './first-paint-layout';
import { FirstPaintPage } from './first-paint-page';
import { FirstPaintProfileLoading } from './first-paint-profile';
import { prerenderFirstPaint } from './prerender-first-paint';

/**
 * Markup as the browser reads it, without what differs between a server and a client render
 * but not the page: React's text separators and ids, the `selected` the client sets as a property.
 */
function boxes(html: string): string {
  const parsed = document.createElement('template');
  parsed.innerHTML = html;
  return parsed.innerHTML
    .replace(/<!--.*?-->/g, '')
    .replace(/_[rR]_[0-9a-z]+_/g, 'id')
    .replace(/ selected=""/g, '');
}

/** What main.tsx renders in the browser for a page, as HTML. */
function renderedByMain(locale: Locale, page: ReactNode): string {
  const { container, unmount } = render(<FirstPaintLayout>{page}</FirstPaintLayout>, {
    wrapper: withLocale(locale),
  });
  const html = container.innerHTML;
  unmount();
  return html;
}

describe('prerenderFirstPaint', () => {
  // The server writes these into index.html and main.tsx renders over them: the same markup,
  // so nothing moves and nothing is said twice (docs/web-app.md, "The first paint in index.html").
  it.each<Locale>(['en-US', 'ja-JP', 'ar-AR'])(
    'is what main.tsx paints for each kind of page, in %s',
    async (locale) => {
      const prerendered = await prerenderFirstPaint(locale);
      expect(boxes(prerendered['/'])).toBe(
        boxes(renderedByMain(locale, <FirstPaintPage path="/" />)),
      );
      expect(boxes(prerendered['/verify'])).toBe(
        boxes(renderedByMain(locale, <FirstPaintPage path="/verify" />)),
      );
      expect(boxes(prerendered.profile)).toBe(
        boxes(renderedByMain(locale, <FirstPaintProfileLoading />)),
      );
      expect(boxes(prerendered.other)).toBe(
        boxes(renderedByMain(locale, <FirstPaintPage path="/account" />)),
      );
    },
  );

  it('has the page’s content in the locale’s words, and the Connect button that keeps a tap', async () => {
    const { '/': home } = await prerenderFirstPaint('ja-JP');
    expect(home).toContain('<h1 id="page-title" tabindex="-1" class="page-title">');
    expect(home).toContain('data-testid="connect-placeholder" data-early-click="connect"');
    expect(home).not.toContain('Your wallet is your sign-in');
  });

  // main.tsx hydrates `/` and `/verify` (and the other pages' layout) where index.html has them.
  it.each([
    ['ja-JP', '/'],
    ['en-US', '/verify'],
    ['ar-AR', '/account'],
  ] as const)('hydrates in %s on %s without a mismatch', async (locale, path) => {
    const prerendered = await prerenderFirstPaint(locale);
    const html = prerendered[path === '/account' ? 'other' : path];
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const logged = vi.spyOn(console, 'error');
    const recovered: unknown[] = [];
    const root = await act(async () =>
      hydrateRoot(
        container,
        <LocaleProvider initial={locale}>
          <FirstPaintLayout>
            <FirstPaintPage path={path} />
          </FirstPaintLayout>
        </LocaleProvider>,
        { onRecoverableError: (error) => recovered.push(error) },
      ),
    );
    expect(recovered).toEqual([]);
    expect(logged).not.toHaveBeenCalled();
    expect(boxes(container.innerHTML)).toBe(boxes(html));
    act(() => root.unmount());
    container.remove();
  });

  it('hydrates without a mismatch with a wallet announced already, and then lists it', async () => {
    const html = (await prerenderFirstPaint('en-US'))['/'];
    const stop = discoverAnnouncedWallets();
    window.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', {
        detail: { info: { uuid: 'u', rdns: 'org.example', name: 'Example Wallet' }, provider: {} },
      }),
    );
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const logged = vi.spyOn(console, 'error');
    const recovered: unknown[] = [];
    const root = await act(async () =>
      hydrateRoot(
        container,
        <LocaleProvider initial="en-US">
          <FirstPaintLayout>
            <FirstPaintPage path="/" />
          </FirstPaintLayout>
        </LocaleProvider>,
        { onRecoverableError: (error) => recovered.push(error) },
      ),
    );
    expect(recovered).toEqual([]);
    expect(logged).not.toHaveBeenCalled();
    expect(
      container.querySelector('[data-testid="early-wallet-option-org.example"]'),
    ).not.toBeNull();
    act(() => root.unmount());
    container.remove();
    stop();
    forgetAnnouncedWallets();
  });
});
