import type { Locale } from '@sigil/locales';
import { generatedAvatarBackground, PROFILE_FIRST_PAINT_SLOTS as SLOT } from '@sigil/profile-rules';
import { act, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LocaleProvider } from '../i18n/locale-provider';
import { withLocale } from '../test/render-in-locale';
import { discoverAnnouncedWallets, forgetAnnouncedWallets } from './announced-wallets';
import { FirstPaintLayout } from './first-paint-layout';
import { FirstPaintPage } from './first-paint-page';
import { FirstPaintProfileLoading } from './first-paint-profile';
import { prerenderFirstPaint } from './prerender-first-paint';
import { requestPublicProfile } from './request-public-profile';

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

/**
 * `boxes`, with each element's attributes in one order and its style as the browser reads it:
 * React sets both in the browser by properties, in its own order, and writes them as text on
 * a server.
 */
function canonicalBoxes(html: string): string {
  const parsed = document.createElement('template');
  parsed.innerHTML = boxes(html);
  for (const element of parsed.content.querySelectorAll('*')) {
    const attributes = [...element.attributes].map(({ name, value }) => [name, value] as const);
    for (const [name] of attributes) element.removeAttribute(name);
    for (const [name, value] of attributes.sort(([a], [b]) => a.localeCompare(b))) {
      element.setAttribute(name, value);
    }
    if (element instanceof HTMLElement && element.hasAttribute('style')) {
      element.setAttribute('style', element.style.cssText);
    }
  }
  return parsed.innerHTML;
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

  // The server fills a found profile's slots for each `/u/<address>` page
  // (server/src/profiles/profile-first-paint.ts, whose test holds the same avatar markup as here),
  // and main.tsx renders the profile over it: the same boxes, or the page would move.
  describe('a found profile, its slots filled as the server fills them', () => {
    const IMAGE = 'https://sigil.example/images/a1';
    const answer = (address: string, avatar: boolean) => ({
      data: {
        publicProfile: {
          __typename: 'PublicProfile',
          address,
          displayName: 'Ada <& "Lovelace">',
          bio: "Counts 'engines'.",
          avatar: avatar
            ? {
                __typename: 'Image',
                id: 'a1',
                width: 300,
                height: 300,
                ...Object.fromEntries(
                  [128, 256, 384, 512, 640, 768, 1024, 1280, 1600].map((w) => [
                    `w${w}`,
                    `${IMAGE}?w=${w}&q=75`,
                  ]),
                ),
              }
            : null,
          wallets: [],
        },
      },
    });
    const escapeText = (text: string) =>
      text.replace(
        /[&<>"']/g,
        (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": '#39' }[c]};`,
      );
    const fill = (template: string, address: string, avatarHtml: string) =>
      template
        .replace(SLOT.avatar, avatarHtml)
        .replace(SLOT.name, escapeText('Ada <& "Lovelace">'))
        .replace(SLOT.address, address)
        .replace(SLOT.bio, escapeText("Counts 'engines'."));

    afterEach(() => vi.unstubAllGlobals());

    it.each([
      ['en-US', '0x90F79bf6EB2c4f870365E785982E1f101E93b906', false],
      ['ja-JP', '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65', true],
      ['ar-AR', '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc', false],
    ] as const)('in %s, for %s (an uploaded avatar: %s)', async (locale, address, uploaded) => {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => Response.json(answer(address, uploaded))),
      );
      const template = (await prerenderFirstPaint(locale))['profile-found'];
      for (const slot of Object.values(SLOT)) expect(template.split(slot)).toHaveLength(2);
      expect(template).toContain(`<p class="bio">${SLOT.bio}</p>`);
      const avatarHtml = uploaded
        ? `<img class="avatar avatar-large" src="${IMAGE}?w=256&amp;q=75" srcset="${IMAGE}?w=128&amp;q=75 128w, ${IMAGE}?w=256&amp;q=75 256w" sizes="112px" alt="" width="112" height="112" decoding="async"/>`
        : `<span class="avatar avatar-generated avatar-large" data-testid="generated-avatar" aria-hidden="true" style="width:112px;height:112px;background:${generatedAvatarBackground(address)}"></span>`;
      // The answer in hand, as main.tsx has it before it renders over the server's HTML.
      await requestPublicProfile(address);
      const rendered = renderedByMain(locale, <FirstPaintPage path={`/u/${address}`} />);
      expect(canonicalBoxes(rendered)).toBe(canonicalBoxes(fill(template, address, avatarHtml)));
    });
  });
});
