// `npm run build [-- part…] [-- --if-stale] [-- --verbose]`: builds the GraphQL types, the
// workspace packages, the server pages' catalogues, the web app and the server (or the parts
// named, with what they need), one line per part; a failing step shows everything it
// printed. The web app and the server are written aside and swapped in whole, so running
// instances keep theirs (docs/operations.md, "Builds and restarts"). --if-stale builds only
// what is older than its sources, as `npm start` does; --verbose shows every step's output
// as it runs.
import { BuildFailedError } from './build/build-failed-error.js';
import { type BuildPartName, buildPart, repoRoot } from './build/build-parts.js';
import { buildPartsIfStale } from './build/build-parts-if-stale.js';

const args = process.argv.slice(2);
const flags = new Set(args.filter((arg) => arg.startsWith('--')));
for (const flag of flags) {
  if (flag !== '--if-stale' && flag !== '--verbose') {
    console.error(`unknown option ${flag}: --if-stale and --verbose are known`);
    process.exit(2);
  }
}
let parts: BuildPartName[] | undefined;
try {
  const names = args.filter((arg) => !arg.startsWith('--'));
  parts = names.length === 0 ? undefined : names.map((name) => buildPart(name).name);
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}

const started = Date.now();
try {
  const built = await buildPartsIfStale({
    root: repoRoot,
    parts,
    force: !flags.has('--if-stale'),
    quiet: !flags.has('--verbose'),
    log: (line) => console.log(line),
  });
  if (built.length > 0) console.log(`built in ${Math.round((Date.now() - started) / 1000)} s`);
} catch (error) {
  if (!(error instanceof BuildFailedError)) throw error;
  process.stderr.write(`${error.output.trimEnd()}\n`);
  console.error(`building ${error.part} failed (exit code ${error.exitCode})`);
  process.exit(1);
}
