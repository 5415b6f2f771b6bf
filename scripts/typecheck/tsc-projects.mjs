// The TypeScript projects `npm run typecheck` checks, largest first, and how each is run.
// Each keeps what it learned in a build-info file under node_modules/.cache/typescript/
// (TypeScript's `--incremental`, which works with `noEmit`): the next check of a tree that
// changed in a few files re-checks those files and what depends on them, not the whole
// project. A fresh clone has no such file and checks everything, as before.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** The projects, each with the folders whose changes it can see (server/tsconfig.json includes the harness, the benches and the build scripts; every project sees the packages). */
export const TSC_PROJECTS = [
  {
    project: 'server',
    sees: ['server/', 'packages/', 'schema/', 'testing/', 'bench/', 'scripts/'],
  },
  { project: 'web', sees: ['web/', 'packages/', 'schema/'] },
  { project: 'packages/siwe', sees: ['packages/siwe/'] },
  { project: 'packages/locales', sees: ['packages/locales/'] },
  { project: 'packages/profile-rules', sees: ['packages/profile-rules/'] },
];

/** `tsc` arguments for one project: its tsconfig, incremental, its build-info file in the cache. */
export function tscArguments(project) {
  const buildInfo = join(
    repoRoot,
    'node_modules/.cache/typescript',
    `${project.replaceAll('/', '-')}.tsbuildinfo`,
  );
  return ['-p', project, '--noEmit', '--incremental', '--tsBuildInfoFile', buildInfo];
}
