import './styles.css';
import { createRoot } from 'react-dom/client';
import { GenericError } from './app/generic-error';
import { loadRuntimeConfig } from './app/load-runtime-config';
import { preloadPageFor } from './app/preload-page-for';
import { afterFirstPaint } from './first-paint/after-first-paint';
import { FirstPaintLayout } from './first-paint/first-paint-layout';
import { FirstPaintPage, profileAddressOf } from './first-paint/first-paint-page';
import { requestPublicProfile } from './first-paint/request-public-profile';
import type { GraphqlClient } from './graphql/create-graphql-client';
import { PublicProfileDocument } from './graphql/generated/graphql';

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

/** The public profile the first paint fetched, in Apollo's cache: the page starts from it. */
async function seedFirstPaintData(graphql: GraphqlClient) {
  const address = profileAddressOf(path);
  if (address === null) return;
  const data = await requestPublicProfile(address);
  if (data)
    graphql.apollo.writeQuery({ query: PublicProfileDocument, variables: { address }, data });
}

// index.html preloads /api/config, so this answer is usually here before the code runs.
const config = loadRuntimeConfig();
afterFirstPaint(path)
  .then(() =>
    Promise.all([
      config,
      import('./app/create-app-element'),
      // The page's own chunk alongside the stack, not one round trip after it.
      preloadPageFor(path),
    ]),
  )
  .then(([runtimeConfig, { createAppElement }]) =>
    createAppElement(runtimeConfig, { path, seed: seedFirstPaintData }),
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
