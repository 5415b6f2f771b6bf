import './styles.css';
import { createRoot } from 'react-dom/client';
import { GenericError } from './app/generic-error';
import { loadRuntimeConfig } from './app/load-runtime-config';
import { preloadPageFor } from './app/preload-page-for';
import { afterFirstPaint } from './first-paint/after-first-paint';
import { FirstPaintLayout } from './first-paint/first-paint-layout';
import { FirstPaintPage } from './first-paint/first-paint-page';
import { requestMe } from './first-paint/request-me';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);
const path = window.location.pathname;

// The page's content first, from this small entry; the wallet stack (wagmi,
// RainbowKit, viem's chains, Apollo) after it has been painted
// (docs/web-app.md, "First-visit delivery").
root.render(
  <FirstPaintLayout>
    <FirstPaintPage path={path} />
  </FirstPaintLayout>,
);

// index.html preloads /api/config, so this answer is usually here before the code runs.
const config = loadRuntimeConfig();
afterFirstPaint(path)
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
  .then(([runtimeConfig, { createAppElement }, { seedApolloCache }]) =>
    // What the first paint fetched (a profile, `me`), in Apollo's cache: the page starts from it.
    createAppElement(runtimeConfig, { path, seed: (graphql) => seedApolloCache(graphql, path) }),
  )
  .then((element) => root.render(element))
  .catch((error: unknown) => {
    console.error('Sigil could not start', error);
    root.render(
      <main className="app-main">
        <GenericError onRetry={() => window.location.reload()} />
      </main>,
    );
  });
