import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkoutTree, type FirstStartObservation, readReceipt, writeReceipt } from './receipt.mjs';

const observed: FirstStartObservation = {
  node: 'v20.0.0',
  passedAt: '2026-12-07T00:00:00.000Z',
  nothingBuilt: true,
  builtThePackagesFromNothing: true,
  printedBuilding: true,
  defaultDatabaseMade: true,
};

describe('the first start receipt', () => {
  let root: string;
  const git = (...args: string[]) =>
    expect(spawnSync('git', args, { cwd: root }).status, `git ${args.join(' ')}`).toBe(0);

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'sigil-receipt-'));
    git('init', '-q');
    writeFileSync(join(root, '.gitignore'), 'node_modules/\ndist/\n');
    writeFileSync(join(root, 'a.ts'), 'export const a = 1;\n');
    git('add', '.');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('names the tree by content: an edit, a new file, not an ignored one', () => {
    const tree = checkoutTree(root);
    mkdirSync(join(root, 'dist'));
    writeFileSync(join(root, 'dist/a.js'), 'built');
    expect(checkoutTree(root)).toBe(tree);
    writeFileSync(join(root, 'b.ts'), 'new, not yet added');
    const withNewFile = checkoutTree(root);
    expect(withNewFile).not.toBe(tree);
    writeFileSync(join(root, 'a.ts'), 'export const a = 2;\n');
    expect(checkoutTree(root)).not.toBe(withNewFile);
  });

  it('is read back for the tree it names only', () => {
    const tree = checkoutTree(root);
    writeReceipt(root, tree, 'start', observed);
    expect(readReceipt(root, 'start')).toEqual(observed);
    expect(readReceipt(root, 'serve')).toBeUndefined();
    writeFileSync(join(root, 'a.ts'), 'export const a = 3;\n');
    expect(readReceipt(root, 'start')).toBeUndefined();
  });

  it('keeps both checks of one tree, and drops another tree’s', () => {
    const tree = checkoutTree(root);
    writeReceipt(root, tree, 'start', observed);
    writeReceipt(root, tree, 'serve', { ...observed, printedBuilding: false });
    expect(readReceipt(root, 'start', tree)).toEqual(observed);
    expect(readReceipt(root, 'serve', tree)?.printedBuilding).toBe(false);
    writeReceipt(root, 'another', 'serve', observed);
    expect(readReceipt(root, 'start', tree)).toBeUndefined();
  });
});
