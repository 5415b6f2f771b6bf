import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './repo-root.js';

/**
 * How the bench starts the server: the compiled build `npm start` runs when it
 * is newer than every server source file, otherwise the sources through tsx
 * (same code, compiled at load; run `npm run build` first for the real thing).
 */
export type ServerRuntime = {
  kind: 'dist' | 'tsx';
  /** Node arguments after `node`. */
  nodeArguments: string[];
  /** Why this runtime was chosen, for the bench's output. */
  reason: string;
};

function newestSource(path: string): number {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules') continue;
    newest = Math.max(newest, newestSource(join(path, entry)));
  }
  return newest;
}

export function serverRuntime(): ServerRuntime {
  const main = join(repoRoot, 'server/dist/main.js');
  const built = statSync(main, { throwIfNoEntry: false });
  const tsx = { kind: 'tsx' as const, nodeArguments: ['--import', 'tsx', 'server/src/main.ts'] };
  if (!built) return { ...tsx, reason: 'server/dist is missing' };
  const sourcesChangedAt = Math.max(
    newestSource(join(repoRoot, 'server/src')),
    newestSource(join(repoRoot, 'schema/schema.graphql')),
  );
  if (sourcesChangedAt > built.mtimeMs)
    return { ...tsx, reason: 'server/dist is older than server/src' };
  return {
    kind: 'dist',
    nodeArguments: ['server/dist/main.js'],
    reason: 'server/dist is up to date',
  };
}
