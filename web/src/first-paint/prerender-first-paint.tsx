import { i18n } from '@lingui/core';
import type { Locale } from '@sigil/locales';
import { PROFILE_FIRST_PAINT_SLOTS as SLOT } from '@sigil/profile-rules';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { loadCatalogue } from '../i18n/load-catalogue';
import { LocaleProvider } from '../i18n/locale-provider';
import { FirstPaintLayout } from './first-paint-layout';
import { FirstPaintPage } from './first-paint-page';
import { FirstPaintProfileFound, FirstPaintProfileLoading } from './first-paint-profile';

/**
 * main.tsx's first paint of each kind of page, as HTML: `/` and `/verify`
 * with their content, `/u/<address>` with its loading line, and any other
 * page (`/account`, …) with the layout around an empty main, as main.tsx
 * paints them. The server writes the one of the page into index.html's
 * `#root` (server/src/http/first-paint-html.ts). `profile-found` is a public
 * profile's, with slots the server fills for the profile of each page
 * (@sigil/profile-rules, server/src/profiles/profile-first-paint.ts).
 */
export type PrerenderedFirstPaint = Record<
  '/' | '/verify' | 'profile' | 'profile-found' | 'other',
  string
>;

/**
 * The first paint of main.tsx in `locale`, rendered at build time
 * (build/first-paint-prerender-plugin.ts): on screen as soon as index.html
 * arrives, before any script has loaded; main.tsx then hydrates it, or, for a
 * profile (whose answer it fetches) and a page in another language than the
 * visitor's, renders over it (docs/web-app.md, "The first paint in index.html").
 */
export async function prerenderFirstPaint(locale: Locale): Promise<PrerenderedFirstPaint> {
  i18n.loadAndActivate({ locale, messages: await loadCatalogue(locale) });
  const render = (page: ReactNode) =>
    renderToString(
      <LocaleProvider initial={locale}>
        <FirstPaintLayout>{page}</FirstPaintLayout>
      </LocaleProvider>,
    );
  return {
    '/': render(<FirstPaintPage path="/" />),
    '/verify': render(<FirstPaintPage path="/verify" />),
    profile: render(<FirstPaintProfileLoading />),
    'profile-found': render(
      <FirstPaintProfileFound
        avatar={SLOT.avatar}
        name={SLOT.name}
        address={SLOT.address}
        bio={SLOT.bio}
      />,
    ),
    other: render(null),
  };
}
