import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * The JavaScript a first visit to `/` of a Vite build loads: the module scripts
 * and modulepreload links of index.html, and everything they import
 * statically, recursively (from `.vite/manifest.json` when the build wrote
 * one, otherwise from the chunks' own import statements). Chunks reached only
 * through `import()` load later, on demand, and are not counted.
 */
export type ScriptSize = { file: string; bytes: number; gzipBytes: number };

export type FirstLoadScripts = {
  scripts: ScriptSize[];
  bytes: number;
  gzipBytes: number;
  /** How static imports were followed. */
  via: 'manifest' | 'import statements';
  /** Every JavaScript file of the build, first-load or not. */
  allScripts: number;
};

type ManifestChunk = { file: string; imports?: string[]; isEntry?: boolean };

const ATTRIBUTE = (name: string) => new RegExp(`\\b${name}\\s*=\\s*["']([^"']+)["']`, 'i');

/** Files index.html loads as modules: `<script type="module" src>`, `<link rel="modulepreload" href>`, and its startup script's. */
function htmlModuleScripts(html: string): string[] {
  const files: string[] = [];
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = ATTRIBUTE('src').exec(tag)?.[1];
    if (src && /\btype\s*=\s*["']module["']/i.test(tag)) files.push(src);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const href = ATTRIBUTE('href').exec(tag)?.[1];
    if (href && /\brel\s*=\s*["']modulepreload["']/i.test(tag)) files.push(href);
  }
  // Sigil's startup script adds them itself, a frame after the first paint: named in its data
  // (web/build/locale-boot-script.ts, `after`).
  const after = /"after":(\{"modules":\[[^\]]*\],"fetches":\[[^\]]*\],"entry":"[^"]+"\})/.exec(
    html,
  );
  if (after?.[1]) {
    const { modules, entry } = JSON.parse(after[1]) as { modules: string[]; entry: string };
    files.push(entry, ...modules);
  }
  return files;
}

// Bundled ES modules put their static imports and re-exports first:
// `import{a as b}from"./x.js"`, `import"./x.js"`, `export*from"./x.js"`. A
// dynamic `import("./x.js")` has a parenthesis where these have a quote or brace.
const STATIC_IMPORT =
  /(?:^|[;\n}])\s*(?:import|export)\s*(?:[\w$]+\s*,?\s*)?(?:\{[^}]*\}\s*|\*\s*(?:as\s+[\w$]+\s*)?)?(?:from\s*)?["']([^"']+\.m?js)["']/g;

function staticImportsOf(code: string): string[] {
  return [...code.matchAll(STATIC_IMPORT)].map((match) => match[1] as string);
}

function readManifest(distDir: string): Record<string, ManifestChunk> | undefined {
  const path = join(distDir, '.vite/manifest.json');
  return existsSync(path)
    ? (JSON.parse(readFileSync(path, 'utf8')) as Record<string, ManifestChunk>)
    : undefined;
}

/** A URL path from the HTML (`/assets/x.js`) or a specifier relative to `from`, as a dist-relative path. */
function toDistPath(distDir: string, specifier: string, from?: string): string | undefined {
  if (/^[a-z]+:/i.test(specifier) || specifier.startsWith('//')) return undefined;
  const absolute = specifier.startsWith('/')
    ? join(distDir, specifier)
    : resolve(from ? dirname(join(distDir, from)) : distDir, specifier);
  const path = relative(distDir, absolute.split(/[?#]/)[0] as string);
  return path.startsWith('..') || !existsSync(join(distDir, path)) ? undefined : path;
}

function countScripts(distDir: string): number {
  return readdirSync(distDir, { recursive: true, encoding: 'utf8' }).filter((path) =>
    /\.m?js$/.test(path),
  ).length;
}

export function firstLoadScripts(distDir: string): FirstLoadScripts {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const manifest = readManifest(distDir);
  const byFile = new Map(Object.values(manifest ?? {}).map((chunk) => [chunk.file, chunk]));
  const loaded = new Set<string>();
  const pending = htmlModuleScripts(html)
    .map((src) => toDistPath(distDir, src))
    .filter((path): path is string => path !== undefined);

  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (loaded.has(file)) continue;
    loaded.add(file);
    const chunk = byFile.get(file);
    const imports = manifest
      ? (chunk?.imports ?? []).map((key) => manifest[key]?.file)
      : staticImportsOf(readFileSync(join(distDir, file), 'utf8')).map((specifier) =>
          toDistPath(distDir, specifier, file),
        );
    for (const next of imports) if (next && !loaded.has(next)) pending.push(next);
  }

  const scripts = [...loaded]
    .map((file) => {
      const content = readFileSync(join(distDir, file));
      return { file, bytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length };
    })
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
  return {
    scripts,
    bytes: scripts.reduce((sum, script) => sum + script.bytes, 0),
    gzipBytes: scripts.reduce((sum, script) => sum + script.gzipBytes, 0),
    via: manifest ? 'manifest' : 'import statements',
    allScripts: countScripts(distDir),
  };
}
