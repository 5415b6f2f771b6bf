// The first half of `npm start` (scripts/start.mjs): refuses a bad configuration in one line
// before anything else, then builds only what is missing or older than its sources, one line
// per part ("building the web app (sources changed)…"); a failing step shows its output.
// The configuration is read by the server's own loader, from its sources, so a refusal never
// waits for a build.
import { loadConfigOrExit } from '../server/src/config/load-config-or-exit.js';
import { BuildFailedError } from './build/build-failed-error.js';
import { repoRoot } from './build/build-parts.js';
import { buildPartsIfStale } from './build/build-parts-if-stale.js';

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
