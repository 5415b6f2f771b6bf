import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromiumMissing } from '../../testing/launch-chromium.js';
import { repoRoot } from '../../testing/repo-root.js';

/** What a bench returns when it could not measure: the reason, never made-up figures. */
export type Skipped<Bench extends string> = { bench: Bench; skipped: string };

/** Prints `skipped: <reason>` and returns it as the bench's result. */
export function skipped<Bench extends string>(
  bench: Bench,
  reason: string,
  log: (line: string) => void,
): Skipped<Bench> {
  log(`  skipped: ${reason}`);
  return { bench, skipped: reason };
}

/** Why a bench that opens the web app in Chromium cannot run here, or undefined when it can. */
export function browserBenchMissing(): string | undefined {
  if (!existsSync(join(repoRoot, 'web/dist/index.html'))) {
    return 'web/dist/index.html is missing: run `npm run build --workspace web`';
  }
  return chromiumMissing();
}
