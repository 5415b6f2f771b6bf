// `node --conditions=source --import tsx scripts/build/build-server.ts <outDir>`: the
// server's build, what the `server` part runs (build-parts.ts): tsc writes the code into
// outDir, then the words of its own pages are compiled beside it, so the built server
// reads no catalogue of the web app's sources (docs/translations.md, "The server's pages").
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from './build-parts.js';
import { builtPageCataloguesDir, writePageCatalogues } from './write-page-catalogues.js';

const outDir = process.argv[2];
if (!outDir) {
  console.error('usage: build-server.ts <outDir>');
  process.exit(2);
}
const tsc = spawnSync(
  process.execPath,
  [
    join(repoRoot, 'node_modules/typescript/bin/tsc'),
    '-p',
    'server/tsconfig.build.json',
    '--outDir',
    outDir,
  ],
  { cwd: repoRoot, stdio: 'inherit' },
);
if (tsc.status !== 0) process.exit(tsc.status ?? 1);
writePageCatalogues(builtPageCataloguesDir(outDir));
