// What scripts/check-first-start.mjs proved, and on which tree: .ci/run asks it for a receipt
// on CI's fresh clone, and server/test/fresh-clone-start.test.ts, finding one for the very
// tree it would copy, accepts it rather than build the same sources from nothing a second
// time in the same run (docs/testing.md, "The README's commands"). Plain JavaScript, as the
// check is: it runs before anything is built.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** What a checkout with nothing built lacks: `npm start` must make each of them. */
export const BUILT_PATHS = ['packages/siwe/dist', 'web/dist', 'server/dist', 'data'];

/** In node_modules, which git ignores: the receipt is never part of the tree it names. */
export function receiptPath(root) {
  return join(root, 'node_modules/.cache/sigil/first-start-receipt.json');
}

/**
 * The checkout as a commit of it now would be (tracked files and new ones git does not
 * ignore, by content), as a git tree id: the same files the test copies into its clone.
 */
export function checkoutTree(root) {
  const scratch = mkdtempSync(join(tmpdir(), 'sigil-tree-'));
  try {
    const env = { ...process.env, GIT_INDEX_FILE: join(scratch, 'index') };
    const git = (args) => {
      const run = spawnSync('git', args, { cwd: root, env, encoding: 'utf8' });
      if (run.status !== 0) throw new Error(`git ${args.join(' ')} failed: ${run.stderr.trim()}`);
      return run.stdout.trim();
    };
    git(['add', '--all']);
    return git(['write-tree']);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The receipt's entry for a check (`start` or `serve`) on this tree, or undefined. */
export function readReceipt(root, check, tree = checkoutTree(root)) {
  const path = receiptPath(root);
  if (!existsSync(path)) return undefined;
  const receipt = JSON.parse(readFileSync(path, 'utf8'));
  return receipt.tree === tree ? receipt.checks?.[check] : undefined;
}

/** Adds a passed check's observations to the receipt of `tree` (a receipt of another tree is replaced). */
export function writeReceipt(root, tree, check, observed) {
  const path = receiptPath(root);
  let receipt = { tree, checks: {} };
  if (existsSync(path)) {
    const previous = JSON.parse(readFileSync(path, 'utf8'));
    if (previous.tree === tree) receipt = previous;
  }
  receipt.checks[check] = observed;
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(receipt, null, 2)}\n`);
}
