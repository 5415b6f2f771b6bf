import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The test files (`*.test.ts`) in `folders`, relative to `root`, that replace a module
 * with `vi.mock`: those run isolated, each in a module graph of its own, since a mock
 * factory needs a fresh instance of the module it replaces; in a worker that keeps its
 * modules from file to file, the mock would miss the copy other files had loaded, or
 * leak into them (server/vitest.config.ts; docs/testing.md, "Where the time goes").
 */
export function filesThatMock(root: string, folders: readonly string[]): string[] {
  return folders
    .flatMap((folder) =>
      readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
        .filter(
          (name) => name.endsWith('.test.ts') && !name.split(/[\\/]/).includes('node_modules'),
        )
        .map((name) => join(folder, name)),
    )
    .filter((file) => /\bvi\.(do)?[mM]ock\(/.test(readFileSync(join(root, file), 'utf8')))
    .sort();
}
