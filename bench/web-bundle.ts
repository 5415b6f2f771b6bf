// Bench 2a (issue 3): the gzipped JavaScript a first visit to `/` loads, for
// Sigil's production build (web/dist) and for a minimal RainbowKit starter
// built in the same run. Target: Sigil / starter ≤ 0.75.
//
//   node --import tsx bench/web-bundle.ts     (alone; `npm run bench` runs every bench)
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { formatKilobytes } from './support/format-bytes.js';
import { repoRoot } from './support/repo-root.js';
import type { Skipped } from './support/skipped.js';
import { buildRainbowKitStarter } from './web-bundle/build-rainbowkit-starter.js';
import { type FirstLoadScripts, firstLoadScripts } from './web-bundle/first-load-scripts.js';

export const BUNDLE_RATIO_TARGET = 0.75;

export type WebBundleResult =
  | {
      bench: 'web-bundle';
      sigil: FirstLoadScripts;
      starter: FirstLoadScripts;
      ratio: number;
      target: number;
      meetsTarget: boolean;
      starterBuildSeconds: number;
    }
  | Skipped<'web-bundle'>;

export const webDist = join(repoRoot, 'web/dist');

export async function runWebBundle(
  log: (line: string) => void = (line) => console.log(line),
): Promise<WebBundleResult> {
  if (!existsSync(join(webDist, 'index.html'))) {
    const skipped = 'web/dist/index.html is missing: run `npm run build --workspace web`';
    log(`  skipped: ${skipped}`);
    return { bench: 'web-bundle', skipped };
  }
  const sigil = firstLoadScripts(webDist);
  log('  building the RainbowKit starter in bench/.starter/ …');
  const started = performance.now();
  const starter = firstLoadScripts(await buildRainbowKitStarter());
  const starterBuildSeconds = (performance.now() - started) / 1000;
  const ratio = sigil.gzipBytes / starter.gzipBytes;
  const result: WebBundleResult = {
    bench: 'web-bundle',
    sigil,
    starter,
    ratio,
    target: BUNDLE_RATIO_TARGET,
    meetsTarget: ratio <= BUNDLE_RATIO_TARGET,
    starterBuildSeconds,
  };
  printWebBundle(result, log);
  return result;
}

function printFirstLoad(name: string, first: FirstLoadScripts, log: (line: string) => void) {
  log(
    `  ${name.padEnd(8)} ${formatKilobytes(first.gzipBytes).padStart(10)} gzip ` +
      `(${formatKilobytes(first.bytes)} raw) in ${first.scripts.length} of ${first.allScripts} scripts, ` +
      `static imports from ${first.via}`,
  );
  for (const script of first.scripts.slice(0, 6)) {
    log(
      `    ${formatKilobytes(script.gzipBytes).padStart(10)} gzip  ${formatKilobytes(script.bytes).padStart(10)} raw  ${script.file}`,
    );
  }
}

export function printWebBundle(
  result: Exclude<WebBundleResult, Skipped<'web-bundle'>>,
  log: (line: string) => void,
) {
  printFirstLoad('Sigil', result.sigil, log);
  printFirstLoad('starter', result.starter, log);
  log(
    `  ratio    ${result.ratio.toFixed(3)}  (Sigil / starter, target ≤ ${result.target}: ${result.meetsTarget ? 'met' : 'NOT met'})`,
  );
  if (result.sigil.via !== 'manifest') {
    log(
      '  note     web/dist has no .vite/manifest.json: `build.manifest: true` in web/vite.config.ts makes the import graph exact',
    );
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log('web bundle');
  await runWebBundle();
}
