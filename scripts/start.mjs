#!/usr/bin/env node
// `npm start`: builds what is missing or older than its sources (scripts/prepare-start.ts,
// which refuses a bad configuration first), then serves the build, in this process, as
// `npm run serve` does. The build runs in a child so the server runs as plain Node, without
// the TypeScript loader the build scripts need (docs/operations.md, "Builds and restarts").
// `--conditions=source` resolves the workspace packages (@sigil/siwe…) to their sources, as
// the type-check does: the configuration is checked before anything is built, so on a fresh
// clone their dist/ does not exist yet.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const prepare = spawnSync(
  process.execPath,
  ['--conditions=source', '--import', 'tsx', 'scripts/prepare-start.ts'],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
if (prepare.status !== 0) process.exit(prepare.status ?? 1);
await import('./serve.mjs');
