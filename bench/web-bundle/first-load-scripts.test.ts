import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { firstLoadScripts } from './first-load-scripts.js';

/** A small Vite-like build: index.html, chunks in assets/, optionally a manifest. */
function writeBuild(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'sigil-bench-dist-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}

const INDEX_HTML = `<!doctype html><html><head>
<script type="module" crossorigin src="/assets/index-a.js"></script>
<link rel="modulepreload" crossorigin href="/assets/react-b.js">
<link rel="stylesheet" crossorigin href="/assets/index-c.css">
</head><body><div id="root"></div></body></html>`;

const CHUNKS = {
  'index.html': INDEX_HTML,
  'assets/index-a.js':
    'import{t as e}from"./react-b.js";import"./side-effect-d.js";const l=()=>import("./lazy-e.js");e(l);',
  'assets/react-b.js': 'export*from"./runtime-f.js";export const t=(x)=>x;',
  'assets/side-effect-d.js': 'globalThis.d=1;',
  'assets/lazy-e.js': 'import{t}from"./lazy-only-g.js";export default t;',
  'assets/lazy-only-g.js': 'export const t=2;',
  'assets/runtime-f.js': 'export const r=3;',
  'assets/index-c.css': 'body{margin:0}',
};

describe('firstLoadScripts', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('counts the entry, its preloads and their static imports and re-exports, not lazy chunks', () => {
    const dir = writeBuild(CHUNKS);
    dirs.push(dir);
    const first = firstLoadScripts(dir);
    expect(first.via).toBe('import statements');
    expect(first.scripts.map((script) => script.file).sort()).toEqual([
      'assets/index-a.js',
      'assets/react-b.js',
      'assets/runtime-f.js',
      'assets/side-effect-d.js',
    ]);
    expect(first.allScripts).toBe(6);
  });

  it("counts what Sigil's startup script loads after the first paint as index.html's own", () => {
    const startup = `<!doctype html><html><head><script>(function () { var d = {"after":{"modules":["/assets/react-b.js"],"fetches":["/api/config"],"entry":"/assets/index-a.js"}}; })();</script></head></html>`;
    const dir = writeBuild({ ...CHUNKS, 'index.html': startup });
    dirs.push(dir);
    expect(
      firstLoadScripts(dir)
        .scripts.map((script) => script.file)
        .sort(),
    ).toEqual([
      'assets/index-a.js',
      'assets/react-b.js',
      'assets/runtime-f.js',
      'assets/side-effect-d.js',
    ]);
  });

  it('sums the gzip size of each counted file', () => {
    const dir = writeBuild(CHUNKS);
    dirs.push(dir);
    const first = firstLoadScripts(dir);
    const expected = first.scripts
      .map((script) => gzipSync(CHUNKS[script.file as keyof typeof CHUNKS], { level: 9 }).length)
      .reduce((sum, size) => sum + size, 0);
    expect(first.gzipBytes).toBe(expected);
  });

  it('follows the manifest when the build wrote one, whatever the chunks say', () => {
    const manifest = {
      'index.html': { file: 'assets/index-a.js', isEntry: true, imports: ['_react-b.js'] },
      '_react-b.js': { file: 'assets/react-b.js', imports: [] },
      'src/lazy.ts': { file: 'assets/lazy-e.js', isDynamicEntry: true },
    };
    const dir = writeBuild({ ...CHUNKS, '.vite/manifest.json': JSON.stringify(manifest) });
    dirs.push(dir);
    const first = firstLoadScripts(dir);
    expect(first.via).toBe('manifest');
    expect(first.scripts.map((script) => script.file).sort()).toEqual([
      'assets/index-a.js',
      'assets/react-b.js',
    ]);
  });
});
