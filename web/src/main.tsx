import './styles.css';
import { type ReactElement, startTransition } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { GenericError } from './app/generic-error';
import { loadRuntimeConfig } from './app/load-runtime-config';
import { preloadPageFor } from './app/preload-page-for';
import { yieldToMain } from './app/yield-to-main';
import { afterFirstPaint } from './first-paint/after-first-paint';
import { discoverAnnouncedWallets } from './first-paint/announced-wallets';
import { earlyWalletChosen, takeEarlyClicks } from './first-paint/early-clicks';
import { FirstPaintLayout } from './first-paint/first-paint-layout';
import { FirstPaintPage, profileAddressOf } from './first-paint/first-paint-page';
import { setWalletConnectOffered } from './first-paint/offered-wallets';
import { requestMe } from './first-paint/request-me';
import { requestPublicProfile } from './first-paint/request-public-profile';
import { activateLocale } from './i18n/activate-locale';
import { chooseLocale } from './i18n/choose-locale';
import { LocaleProvider } from './i18n/locale-provider';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const path = window.location.pathname;
const profileAddress = profileAddressOf(path);
// index.html's first paint as main.tsx would render it here (server/src/http/first-paint-html.ts;
// docs/web-app.md, "The first paint in index.html"): in the visitor's language (the startup script
// marks it otherwise), and not a profile's, whose content comes from a request of its own.
const hydratable =
  container.querySelector(':scope > header') !== null &&
  !document.documentElement.hasAttribute('data-first-paint') &&
  profileAddress === null;
let root: Root | undefined;
// The remembered choice, else the browser's languages (docs/translations.md). English is in
// this entry; another locale's catalogue is already on its way (the startup script of
// index.html preloads it), and the page waits for it rather than paint English and then swap.
let locale = chooseLocale();
const chosen = locale;
const inLocale = (element: ReactElement) => (
  <LocaleProvider initial={locale}>{element}</LocaleProvider>
);

// The browser's wallets, for the early wallet list a tap on Connect opens before the stack is up.
discoverAnnouncedWallets();
// index.html preloads /api/config, so this answer is usually here before the code runs.
const config = loadRuntimeConfig();
config.then(
  (runtimeConfig) => setWalletConnectOffered(runtimeConfig.walletConnectProjectId !== null),
  // A config that did not load is reported where the app starts, below.
  () => {},
);
// A profile's answer, asked for beside the catalogue: the server has written the profile into
// the HTML (server/src/profiles/profile-first-paint.ts), and React renders over it only with the
// answer in hand, so its loading line never stands in for it between the two.
const profileAnswer = profileAddress === null ? undefined : requestPublicProfile(profileAddress);
Promise.resolve(activateLocale(locale))
  .catch((error: unknown) => {
    // Its catalogue did not load: the page in English rather than no page.
    console.error(`The ${locale} catalogue could not be loaded`, error);
    locale = 'en-US';
    activateLocale(locale);
  })
  .then(() => profileAnswer)
  .then(() => {
    // The page's content first, from this small entry; the wallet stack (wagmi,
    // RainbowKit, viem's chains, Apollo) after it has been painted
    // (docs/web-app.md, "First-visit delivery").
    const firstPaint = inLocale(
      <FirstPaintLayout>
        <FirstPaintPage path={path} />
      </FirstPaintLayout>,
    );
    // (Not when the catalogue failed and the page fell back to English: it is not the HTML's.)
    // (Nor with a wallet tapped in index.html's early list: it says so, and the HTML does not.)
    if (hydratable && locale === chosen && earlyWalletChosen() === undefined) {
      // In a transition, React hydrates in slices, the page answering taps between them; a tap
      // meanwhile hydrates at once. The taps before it are taken up after it (early-clicks.ts):
      // with one waiting, at once, so the early wallet list opens without waiting for slices.
      const hydrate = () => {
        root = hydrateRoot(container, firstPaint);
      };
      if (window.sigilEarlyClicks?.length) {
        // Taken before: the first paint hydrates as the startup script left it (Connect busy,
        // the early list open), and from here React's handlers take the taps.
        takeEarlyClicks();
        hydrate();
      } else startTransition(hydrate);
    } else {
      // Rendered over index.html's first paint (a profile's, or one in another language), which
      // stays, kept taps and all, until this commit: in a transition too, in slices; at once
      // with a tap waiting.
      const created = createRoot(container);
      root = created;
      const render = () => created.render(firstPaint);
      if (window.sigilEarlyClicks?.length) flushSync(render);
      else startTransition(render);
    }
    return afterFirstPaint(path);
  })
  .then(() => {
    // Who is signed in, asked beside the stack's download (after the paint, so the content never
    // waits for it): on a slow network the answer is in hand when the stack has loaded.
    void requestMe();
    return Promise.all([
      config,
      import('./app/create-app-element'),
      import('./first-paint/seed-apollo-cache'),
      // The page's own chunk alongside the stack, not one round trip after it.
      preloadPageFor(path),
    ]);
  })
  .then(async ([runtimeConfig, { createAppElement }, { seedApolloCache }]) => {
    // The stack's modules ran in the task that resolved the import: the clients are built in
    // another, and the app renders in a third (docs/web-app.md, "Where the main thread's time goes").
    await yieldToMain();
    // What the first paint fetched (a profile, `me`), in Apollo's cache: the page starts from it.
    const element = await createAppElement(runtimeConfig, {
      path,
      seed: (graphql) => seedApolloCache(graphql, path),
    });
    await yieldToMain();
    return element;
  })
  // A transition: React renders the app in slices of a few milliseconds, yielding to taps and
  // frames between them, and swaps it in for the first paint (which stays until then) at once.
  .then((element) => startTransition(() => root?.render(inLocale(element))))
  .catch((error: unknown) => {
    console.error('Sigil could not start', error);
    // The error is shown whatever language index.html's first paint was in.
    document.documentElement.removeAttribute('data-first-paint');
    root ??= createRoot(container);
    root.render(
      inLocale(
        <main className="app-main">
          <GenericError onRetry={() => window.location.reload()} />
        </main>,
      ),
    );
  });
