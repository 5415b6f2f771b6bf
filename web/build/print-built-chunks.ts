import { fileURLToPath } from 'node:url';
import { build, type Rolldown } from 'vite';
import type { BuiltChunk } from './first-visit-chunks.ts';

/**
 * Builds the app in memory as `npm run build` does (web/vite.config.ts,
 * nothing written) and prints its chunks as JSON: file, modules, static
 * imports. For build/first-visit-bundle.test.ts, which runs it in a process
 * of its own, away from the test environment's browser globals.
 */
const webRoot = fileURLToPath(new URL('..', import.meta.url));
const result = await build({
  root: webRoot,
  configFile: fileURLToPath(new URL('../vite.config.ts', import.meta.url)),
  mode: 'production',
  logLevel: 'error',
  build: { write: false },
});
const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
const chunks: BuiltChunk[] = outputs
  .flatMap(({ output }) => output)
  .filter((item): item is Rolldown.OutputChunk => item.type === 'chunk')
  .map(({ fileName, isEntry, facadeModuleId, moduleIds, imports }) => ({
    fileName,
    isEntry,
    facadeModuleId,
    moduleIds,
    imports,
  }));
process.stdout.write(JSON.stringify(chunks));
