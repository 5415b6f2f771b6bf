#!/usr/bin/env node
// `npm run test:changed [-- REF]`: the checks a change needs, before `npm test` runs them all
// (docs/testing.md, "A change's own checks"). What changed is what git says differs from REF
// (default HEAD: the uncommitted work), new files included. Then, only where something changed:
// Biome on those files; codegen when the schema changed; tsc for each project that can see
// them; each Vitest project's tests that import a changed file (Vitest's --changed follows the
// module graph); and the end-to-end files that changed themselves. It stops at the first
// failure, as `npm test` does.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { TSC_PROJECTS, tscArguments } from './typecheck/tsc-projects.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const ref = process.argv[2] ?? 'HEAD';

function git(args) {
  const run = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  if (run.status !== 0) {
    console.error(`git ${args.join(' ')} failed: ${run.stderr.trim()}`);
    process.exit(2);
  }
  return run.stdout.split('\n').filter(Boolean);
}

const changed = [
  ...new Set([
    ...git(['diff', '--name-only', '--diff-filter=d', ref]),
    ...git(['ls-files', '--others', '--exclude-standard']),
  ]),
].sort();
if (changed.length === 0) {
  console.log(`nothing differs from ${ref}: nothing to check`);
  process.exit(0);
}
console.log(`${changed.length} file(s) differ from ${ref}`);

const touches = (...prefixes) => changed.some((file) => prefixes.some((p) => file.startsWith(p)));
const started = Date.now();

function step(label, command, args, cwd = root) {
  console.log(`\n==> ${label}`);
  const run = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (run.status !== 0) {
    console.error(`\n${label} failed (exit code ${run.status})`);
    process.exit(run.status ?? 1);
  }
}

const npx = (args, cwd) => ['npx', args, cwd];

const lintable = changed.filter((file) => /\.(ts|tsx|mjs|cjs|js|json|jsonc|css)$/.test(file));
if (lintable.length > 0) {
  step('Biome', ...npx(['biome', 'check', '--no-errors-on-unmatched', ...lintable]));
}

if (touches('schema/')) step('codegen', 'npm', ['run', 'codegen', '--silent']);

// Each tsc project that can see a change, incremental as `npm run typecheck` runs it.
for (const { project, sees } of TSC_PROJECTS) {
  if (touches(...sees)) step(`tsc -p ${project}`, ...npx(['tsc', ...tscArguments(project)]));
}

// Each Vitest project: the tests that import a changed file, by the module graph.
const vitestProjects = [
  ['packages/siwe', ['packages/siwe/']],
  ['packages/profile-rules', ['packages/profile-rules/']],
  ['packages/locales', ['packages/locales/']],
  ['server', ['server/', 'packages/', 'schema/', 'testing/', 'scripts/build']],
  ['web', ['web/src/', 'web/build/', 'web/scripts/', 'packages/']],
];
for (const [project, seen] of vitestProjects) {
  if (!touches(...seen)) continue;
  step(
    `the ${project} tests that import a changed file`,
    ...npx(['vitest', 'run', '--changed', ref, '--passWithNoTests'], `${root}${project}`),
  );
}

const e2e = changed.filter((file) => /^web\/e2e\/.*\.e2e\.test\.ts$/.test(file));
if (e2e.length > 0) {
  step(
    'the end-to-end files that changed',
    ...npx(
      [
        'vitest',
        'run',
        '-c',
        'vitest.e2e.config.ts',
        ...e2e.map((file) => file.slice('web/'.length)),
      ],
      `${root}web`,
    ),
  );
}

console.log(`\ntest:changed passed in ${Math.round((Date.now() - started) / 1000)} s`);
if (touches('web/src/', 'server/src/')) {
  console.log(
    'The end-to-end suite was not run: before you push, run the e2e files of what you changed\n' +
      '(cd web && npx vitest run -c vitest.e2e.config.ts e2e/<file>), or `npm test`.',
  );
}
