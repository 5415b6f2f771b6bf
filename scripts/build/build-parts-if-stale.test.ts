import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BuildFailedError } from './build-failed-error.js';
import type { AsidePart, InPlacePart } from './build-parts.js';
import { buildPartsIfStale } from './build-parts-if-stale.js';

/**
 * The build `npm start`, `npm run build` and the harness share, on a checkout
 * of two small parts: an input built in place (as the GraphQL types are) and
 * an app written aside (as the web app is), each step a node one-liner.
 */
describe('buildPartsIfStale', () => {
  let root: string;
  let failing: boolean;

  const input: InPlacePart = {
    name: 'codegen',
    kind: 'in-place',
    what: 'the input',
    sources: ['input-src'],
    needs: [],
    outputs: ['input-out/input.txt'],
    step: () => ({
      command: process.execPath,
      args: [
        '-e',
        "fs.mkdirSync('input-out',{recursive:true});fs.writeFileSync('input-out/input.txt',fs.readFileSync('input-src/source.txt'))",
      ],
      cwd: root,
    }),
  };
  const app = (): AsidePart => ({
    name: 'web',
    kind: 'aside',
    what: 'the app',
    sources: ['app-src'],
    needs: ['codegen'],
    pointer: 'dist',
    entry: 'index.html',
    step: (outDir) => ({
      command: process.execPath,
      args: failing
        ? ['-e', "console.log('line one of the failure'); process.exit(3)"]
        : [
            '-e',
            `fs.writeFileSync(${JSON.stringify(join(outDir, 'index.html'))},fs.readFileSync('app-src/page.html'))`,
          ],
      cwd: root,
    }),
  });

  const build = (lines: string[] = []) =>
    buildPartsIfStale({ root, catalogue: [input, app()], log: (line) => lines.push(line) });

  /** A source saved a minute from now: newer than any build made before it. */
  function change(path: string, text: string) {
    writeFileSync(join(root, path), text);
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(root, path), later, later);
  }

  beforeEach(() => {
    failing = false;
    root = mkdtempSync(join(tmpdir(), 'sigil-build-'));
    mkdirSync(join(root, 'input-src'));
    mkdirSync(join(root, 'app-src'));
    writeFileSync(join(root, 'input-src/source.txt'), 'input one');
    writeFileSync(join(root, 'app-src/page.html'), 'page one');
    // Sources older than any build below.
    const earlier = new Date(Date.now() - 60_000);
    for (const path of ['input-src/source.txt', 'input-src', 'app-src/page.html', 'app-src']) {
      utimesSync(join(root, path), earlier, earlier);
    }
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('builds what is missing, then nothing while nothing changes', async () => {
    const lines: string[] = [];
    expect(await build(lines)).toEqual(['codegen', 'web']);
    expect(lines).toEqual([
      'building the input (not built yet)…',
      'building the app (not built yet)…',
    ]);
    expect(readFileSync(join(root, 'dist/index.html'), 'utf8')).toBe('page one');

    const builtDirectory = realpathSync(join(root, 'dist'));
    expect(await build()).toEqual([]);
    expect(realpathSync(join(root, 'dist'))).toBe(builtDirectory);
  });

  // Codegen writes only the files whose text changed: a schema edit that leaves one output
  // as it was must not leave the part stale, or every start would build it again.
  it('counts an in-place output its step left unchanged as built from the sources', async () => {
    const writesOnlyWhatDiffers: InPlacePart = {
      ...input,
      step: () => ({
        command: process.execPath,
        args: [
          '-e',
          "const t=fs.readFileSync('input-src/source.txt','utf8');fs.mkdirSync('input-out',{recursive:true});if(!fs.existsSync('input-out/input.txt')||fs.readFileSync('input-out/input.txt','utf8')!==t)fs.writeFileSync('input-out/input.txt',t)",
        ],
        cwd: root,
      }),
    };
    const buildInput = () => buildPartsIfStale({ root, catalogue: [writesOnlyWhatDiffers] });
    expect(await buildInput()).toEqual(['codegen']);
    // The output two minutes old, its source saved since with the same text.
    const twoMinutesAgo = new Date(Date.now() - 120_000);
    const oneMinuteAgo = new Date(Date.now() - 60_000);
    utimesSync(join(root, 'input-out/input.txt'), twoMinutesAgo, twoMinutesAgo);
    utimesSync(join(root, 'input-src/source.txt'), oneMinuteAgo, oneMinuteAgo);
    expect(await buildInput()).toEqual(['codegen']);
    expect(await buildInput()).toEqual([]);
  });

  it('builds only the part whose sources changed, into a new folder', async () => {
    await build();
    const first = realpathSync(join(root, 'dist'));
    change('app-src/page.html', 'page two');
    const lines: string[] = [];
    expect(await build(lines)).toEqual(['web']);
    expect(lines).toEqual(['building the app (sources changed)…']);
    expect(realpathSync(join(root, 'dist'))).not.toBe(first);
    expect(readFileSync(join(root, 'dist/index.html'), 'utf8')).toBe('page two');
    // The build before stays whole, for an instance that serves it.
    expect(readFileSync(join(first, 'index.html'), 'utf8')).toBe('page one');
  });

  it('keeps the current build when a build fails, and reports everything the step printed', async () => {
    await build();
    const current = realpathSync(join(root, 'dist'));
    change('app-src/page.html', 'page two');
    failing = true;
    const failure = await build().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(BuildFailedError);
    expect(failure).toMatchObject({ part: 'web', exitCode: 3 });
    expect((failure as BuildFailedError).output).toContain('line one of the failure');
    expect(realpathSync(join(root, 'dist'))).toBe(current);
    // The failed build's folder is gone; only the current one is left.
    expect(readdirSync(root).filter((name) => name.startsWith('dist-'))).toHaveLength(1);
    expect(existsSync(join(root, '.build.lock'))).toBe(false);
  });
});
