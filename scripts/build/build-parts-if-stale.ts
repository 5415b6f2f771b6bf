import { existsSync, rmSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { acquireBuildLock } from './build-lock.js';
import { BUILD_PARTS, type BuildPart, type BuildPartName } from './build-parts.js';
import { pruneBuilds } from './prune-builds.js';
import { runBuildStep } from './run-build-step.js';
import { whyStale } from './stale-part.js';
import { startBuildDirectory, swapInBuild } from './swap-in-build.js';

/**
 * Builds the given parts (and the parts they need) in order: every one with
 * `force`, otherwise only those older than their sources. `npm run build`,
 * `npm start` (through scripts/prepare-start.ts) and the test harness
 * (testing/build-if-stale.ts) all build through here.
 */
export type BuildPartsParameters = {
  root: string;
  /** @default every part */
  parts?: readonly BuildPartName[];
  /** Build even what is up to date. @default false */
  force?: boolean;
  /** Keep each step's output and show it only on failure. @default true */
  quiet?: boolean;
  env?: NodeJS.ProcessEnv;
  /** Told before each part is built: "building the web app (sources changed)…". */
  log?: (line: string) => void;
  /** What there is to build, in order; tests give small parts of their own. @default BUILD_PARTS */
  catalogue?: readonly BuildPart[];
};

function withNeeds(catalogue: readonly BuildPart[], names: readonly BuildPartName[]): BuildPart[] {
  const wanted = new Set<BuildPartName>();
  const add = (name: BuildPartName) => {
    if (wanted.has(name)) return;
    for (const need of catalogue.find((part) => part.name === name)?.needs ?? []) add(need);
    wanted.add(name);
  };
  for (const name of names) add(name);
  return catalogue.filter((part) => wanted.has(part.name));
}

async function buildPart(part: BuildPart, root: string, env: NodeJS.ProcessEnv, quiet: boolean) {
  if (part.kind === 'in-place') {
    const started = new Date();
    await runBuildStep(part.name, part.step(), env, quiet);
    // A step may leave an output as it was when its text would not change (codegen
    // does): it is still made from these sources, so it is dated by this build, or
    // the part would look stale at every start.
    for (const output of part.outputs) {
      const path = join(root, output);
      if (existsSync(path) && statSync(path).mtime < started) utimesSync(path, started, started);
    }
    return;
  }
  const pointer = join(root, part.pointer);
  const directory = startBuildDirectory(pointer);
  try {
    await runBuildStep(part.name, part.step(directory), env, quiet);
  } catch (error) {
    rmSync(directory, { recursive: true, force: true });
    throw error;
  }
  swapInBuild(pointer, directory);
  pruneBuilds(pointer);
}

/** Resolves with the names of the parts it built (none when all were up to date). */
export async function buildPartsIfStale(
  parameters: BuildPartsParameters,
): Promise<BuildPartName[]> {
  const { root, force = false, quiet = true, env = process.env, log = () => {} } = parameters;
  const { catalogue = BUILD_PARTS } = parameters;
  const asked = new Set(parameters.parts ?? catalogue.map((part) => part.name));
  const parts = withNeeds(catalogue, [...asked]);
  // What is forced is what was asked for; the parts it needs are built when stale.
  const reasonToBuild = (part: BuildPart) =>
    force && asked.has(part.name) ? 'asked for' : whyStale(part, root);
  // Nothing to do is the common case, and needs no lock.
  if (parts.every((part) => reasonToBuild(part) === undefined)) return [];
  const lock = await acquireBuildLock(root, (owner) =>
    log(`waiting for another build to finish (process ${owner})…`),
  );
  try {
    const built: BuildPartName[] = [];
    for (const part of parts) {
      // Asked again under the lock: the build that held it may have done this one.
      const reason = reasonToBuild(part);
      if (reason === undefined) continue;
      log(`building ${part.what} (${reason})…`);
      await buildPart(part, root, env, quiet);
      built.push(part.name);
    }
    return built;
  } finally {
    lock.release();
  }
}
