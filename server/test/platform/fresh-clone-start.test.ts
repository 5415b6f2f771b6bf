import { spawn, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BUILT_PATHS,
  checkoutTree,
  type FirstStartObservation,
  readReceipt,
} from '../../../scripts/first-start/receipt.mjs';
import { repoRoot } from '../../../testing/repo-root.js';
import { withoutTestRunnerEnv } from '../../../testing/without-test-runner-env.js';

/**
 * The README's two commands on a fresh clone (docs/testing.md, "The README's
 * commands"): a copy of the checkout as git sees it (tracked files and new ones
 * not ignored, so no build output, no dist/, no database), with the installed
 * node_modules linked in as a cache of `npm install`, never a build. Then
 * scripts/check-first-start.mjs runs `npm start` there: it must build everything
 * from nothing, serve, sign a wallet in over HTTP and stop cleanly on a SIGTERM
 * to npm; then `npm run serve` the same. .ci/run runs the same script on CI's own
 * clone before anything else builds, with --receipt: where that receipt names the very
 * tree this test would copy, the check already passed on these sources from nothing in
 * this run, and the test holds the receipt to the same assertions instead of building
 * them a second time (it says so in a line of its own).
 */

/** .ci/run's proof for this tree, if there is one, announced; else undefined (run the check). */
function provedByCi(check: 'start' | 'serve', tree: string): FirstStartObservation | undefined {
  const observed = readReceipt(repoRoot, check, tree);
  if (observed) {
    console.info(
      `[fresh-clone-start] ${check}: scripts/check-first-start.mjs passed on this same tree (${tree}) ` +
        `from a fresh clone at ${observed.passedAt} on Node ${observed.node}; its receipt is checked, not rebuilt`,
    );
  }
  return observed;
}

/** Every node_modules folder npm install made: the root's and the workspaces'. */
function nodeModulesFolders(): string[] {
  const workspaces = ['.', 'server', 'web', 'schema'];
  const packages = readdirSync(join(repoRoot, 'packages')).map((name) => join('packages', name));
  return [...workspaces, ...packages]
    .map((folder) => join(folder, 'node_modules'))
    .filter((folder) => existsSync(join(repoRoot, folder)));
}

/** Hard links where the file system allows (seconds, no space), a copy where it does not. */
function linkOrCopy(from: string, to: string): void {
  mkdirSync(dirname(to), { recursive: true });
  for (const flags of ['-al', '-a']) {
    if (spawnSync('cp', [flags, from, to]).status === 0) return;
    rmSync(to, { recursive: true, force: true });
  }
  throw new Error(`could not copy ${from} to ${to}`);
}

function runCheck(cwd: string, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['scripts/check-first-start.mjs', ...args], {
      cwd,
      env: withoutTestRunnerEnv(process.env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => {
      output += text;
    });
    child.stderr.setEncoding('utf8').on('data', (text: string) => {
      output += text;
    });
    child.once('exit', (code) => resolve({ code, output }));
  });
}

describe('a fresh clone', () => {
  let clone: string;
  let tree: string;

  beforeAll(() => {
    tree = checkoutTree(repoRoot);
    clone = mkdtempSync(join(tmpdir(), 'sigil-fresh-clone-'));
    const listed = spawnSync(
      'git',
      ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
      {
        cwd: repoRoot,
        encoding: 'utf8',
      },
    );
    expect(listed.status).toBe(0);
    for (const file of listed.stdout.split('\0')) {
      // A file deleted in the work tree but not yet in the index is not part of the clone.
      if (file === '' || !existsSync(join(repoRoot, file))) continue;
      mkdirSync(dirname(join(clone, file)), { recursive: true });
      copyFileSync(join(repoRoot, file), join(clone, file));
    }
    for (const folder of nodeModulesFolders())
      linkOrCopy(join(repoRoot, folder), join(clone, folder));
  }, 300_000);

  afterAll(() => {
    if (clone) rmSync(clone, { recursive: true, force: true });
  });

  it('has nothing built to start from', () => {
    for (const built of BUILT_PATHS) {
      expect(existsSync(join(clone, built)), built).toBe(false);
    }
  });

  it('npm run docs:config, which reads the configuration code, runs with nothing built', () => {
    const run = spawnSync('npm', ['run', 'docs:config'], {
      cwd: clone,
      env: withoutTestRunnerEnv(process.env),
      encoding: 'utf8',
    });
    expect(run.status, `${run.stdout}${run.stderr}`).toBe(0);
    expect(readFileSync(join(clone, 'docs/configuration.md'), 'utf8')).toBe(
      readFileSync(join(repoRoot, 'docs/configuration.md'), 'utf8'),
    );
    expect(existsSync(join(clone, 'packages/siwe/dist'))).toBe(false);
  }, 300_000);

  it('npm start builds everything, serves the app, signs a wallet in and stops on SIGTERM', async () => {
    const proved = provedByCi('start', tree);
    if (proved) {
      expect(proved).toMatchObject({
        nothingBuilt: true,
        builtThePackagesFromNothing: true,
        defaultDatabaseMade: true,
      });
      return;
    }
    const { code, output } = await runCheck(clone, []);
    expect(output).toMatch(/building the workspace packages \(not built yet\)/);
    expect(output).toMatch(/a wallet signed in over HTTP/);
    expect(code, output).toBe(0);
    // The default database, where the README says it is.
    expect(existsSync(join(clone, 'data/sigil.sqlite'))).toBe(true);
  }, 1_500_000);

  it('npm run serve then serves that build the same way, without building', async () => {
    const proved = provedByCi('serve', tree);
    if (proved) {
      expect(proved.printedBuilding).toBe(false);
      return;
    }
    const { code, output } = await runCheck(clone, ['--serve']);
    expect(output).not.toMatch(/building/);
    expect(code, output).toBe(0);
  }, 300_000);
});
