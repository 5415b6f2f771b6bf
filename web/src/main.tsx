import './styles.css';
import { createRoot } from 'react-dom/client';
import { createAppElement } from './app/create-app-element';
import { GenericError } from './app/generic-error';
import { loadRuntimeConfig } from './app/load-runtime-config';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);

// index.html preloads /api/config, so this answer is usually here before the code runs.
loadRuntimeConfig()
  .then(createAppElement)
  .then((element) => root.render(element))
  .catch((error: unknown) => {
    console.error('Sigil could not start', error);
    root.render(
      <main className="app-main">
        <GenericError onRetry={() => window.location.reload()} />
      </main>,
    );
  });
