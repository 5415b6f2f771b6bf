import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const packagesDir = new URL('../packages/', import.meta.url);

/**
 * Vite aliases from each workspace package (@sigil/siwe, …) to its TypeScript
 * sources, the file its `source` export condition names, so a test runs the
 * code as it is, without a build.
 *
 * Aliased rather than resolved with `resolve.conditions`: in the server's
 * tests Vitest passes those conditions to its processes as Node's
 * --conditions, which the signature verifier's worker threads inherit (and a
 * worker thread is plain Node that cannot load TypeScript); in the web's jsdom
 * tests the browser conditions that come with them send `ws` to its browser
 * build, which has no server. Worker threads and child processes load each
 * package's dist/, which the server's global setup rebuilds when stale.
 */
export function workspacePackageSources(): { find: RegExp; replacement: string }[] {
  return readdirSync(packagesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => {
      const root = new URL(`${entry.name}/`, packagesDir);
      const manifest = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as {
        name: string;
        exports: { '.': { source: string } };
      };
      return {
        find: new RegExp(`^${manifest.name}$`),
        replacement: fileURLToPath(new URL(manifest.exports['.'].source, root)),
      };
    });
}
