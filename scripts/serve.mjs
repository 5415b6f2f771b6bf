#!/usr/bin/env node
// `npm run serve`: starts the server that is built, without building. The server is loaded
// by its real path (server/dist is a symlink to the current build), so it runs that build's
// code until it stops, whatever a later build swaps in (docs/operations.md, "Builds and
// restarts").
import { existsSync, realpathSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const main = fileURLToPath(new URL('../server/dist/main.js', import.meta.url));
if (!existsSync(main)) {
  console.error(
    'Sigil is not built: run `npm run build` first (or `npm start`, which builds what is missing).',
  );
  process.exit(1);
}
await import(pathToFileURL(realpathSync(main)).href);
