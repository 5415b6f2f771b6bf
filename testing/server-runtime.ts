import { join } from 'node:path';
import { newestModification, oldestOutput } from '../scripts/build/newest-modification.js';
import { repoRoot } from './repo-root.js';

/**
 * How a harness runs the server: the compiled build `npm start` runs
 * (`server/dist/main.js`), or the same sources through tsx, compiled at load.
 */
export type ServerRuntime = {
  kind: 'dist' | 'tsx';
  /** Node arguments after `node` (and its own options). */
  nodeArguments: string[];
  /** Why this runtime was chosen, for the output. */
  reason: string;
};

export const BUILT_SERVER: ServerRuntime = {
  kind: 'dist',
  nodeArguments: ['server/dist/main.js'],
  reason: 'server/dist, as `npm start` runs it',
};

/**
 * The build when it is newer than every server source, otherwise the sources
 * through tsx: for a bench run with `--no-build`, which must still measure
 * the code as it is (it says which it ran).
 */
export function newestServerRuntime(): ServerRuntime {
  const tsx = { kind: 'tsx' as const, nodeArguments: ['--import', 'tsx', 'server/src/main.ts'] };
  const builtAt = oldestOutput([join(repoRoot, 'server/dist/main.js')]);
  if (builtAt === undefined) return { ...tsx, reason: 'server/dist is missing' };
  const sourcesChangedAt = Math.max(
    newestModification(join(repoRoot, 'server/src')),
    newestModification(join(repoRoot, 'schema/schema.graphql')),
  );
  if (sourcesChangedAt > builtAt) return { ...tsx, reason: 'server/dist is older than server/src' };
  return { ...BUILT_SERVER, reason: 'server/dist is up to date' };
}
