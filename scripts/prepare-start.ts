// The first half of `npm start` (scripts/start.mjs): builds only what is missing or older
// than its sources, one line per part ("building the web app (sources changed)…"); a failing
// step shows its output. A bad setting is refused in one line before any build: by the
// server's own configuration loader, read from its sources here when something is to be
// built, and otherwise by the server as it starts (loading the loader costs seconds on a
// busy machine, and a start with nothing to build should not pay it twice).
import { BuildFailedError } from './build/build-failed-error.js';
import { BUILD_PARTS, repoRoot } from './build/build-parts.js';
import { buildPartsIfStale } from './build/build-parts-if-stale.js';
import { whyStale } from './build/stale-part.js';

if (BUILD_PARTS.every((part) => whyStale(part, repoRoot) === undefined)) process.exit(0);

const { loadConfigOrExit } = await import('../server/src/config/load-config-or-exit.js');
loadConfigOrExit();

const started = Date.now();
try {
  const built = await buildPartsIfStale({ root: repoRoot, log: (line) => console.log(line) });
  if (built.length > 0) console.log(`built in ${Math.round((Date.now() - started) / 1000)} s`);
} catch (error) {
  if (!(error instanceof BuildFailedError)) throw error;
  process.stderr.write(`${error.output.trimEnd()}\n`);
  console.error(`building ${error.part} failed (exit code ${error.exitCode}); not starting`);
  process.exit(1);
}
