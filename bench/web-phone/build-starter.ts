import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { repoRoot } from '../../testing/repo-root.js';

/** The RainbowKit starter's sources (committed) and its build (git-ignored `dist/`). */
export const phoneStarterDir = join(repoRoot, 'bench/web-phone/starter');

const TEXT_FILE = /\.(html|js|mjs|css|json|svg|txt)$/;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/**
 * Builds the starter with the repository's installed Vite, React plugin,
 * RainbowKit, wagmi and viem at Vite's defaults, and writes a brotli copy
 * (quality 11) beside each text file, as a static host that serves brotli
 * would. Resolves with the build's directory.
 */
export async function buildPhoneStarter(): Promise<string> {
  const outDir = join(phoneStarterDir, 'dist');
  await build({
    root: phoneStarterDir,
    configFile: false,
    // Vite's advice about large chunks is about the starter, not for this report.
    logLevel: 'error',
    plugins: [react()],
    build: { outDir, emptyOutDir: true },
  });
  for (const file of filesUnder(outDir).filter((path) => TEXT_FILE.test(path))) {
    const brotli = brotliCompressSync(readFileSync(file), {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
    });
    writeFileSync(`${file}.br`, brotli);
  }
  return outDir;
}
