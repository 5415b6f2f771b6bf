#!/usr/bin/env node
// `npm run typecheck` (after codegen): every TypeScript project, strict, as `tsc -p` checks it,
// as many at a time as the machine has cores (tsc is single-threaded, and the server's and the
// web app's projects take most of the time), each incremental (scripts/typecheck/tsc-projects.mjs).
// A project's output is printed whole when it finishes, so two never interleave; the exit code
// is 1 when any project has an error.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { repoRoot, TSC_PROJECTS, tscArguments } from './typecheck/tsc-projects.mjs';

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

function check(project) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, ...tscArguments(project)], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (text) => {
      output += text;
    });
    child.stderr.setEncoding('utf8').on('data', (text) => {
      output += text;
    });
    child.once('error', (error) => resolve({ project, ok: false, output: String(error) }));
    child.once('close', (code) =>
      resolve({ project, ok: code === 0, output, seconds: (Date.now() - started) / 1000 }),
    );
  });
}

const waiting = TSC_PROJECTS.map(({ project }) => project);
const results = [];
async function worker() {
  for (let project = waiting.shift(); project; project = waiting.shift()) {
    const result = await check(project);
    const status = result.ok ? 'ok' : 'FAILED';
    console.log(`tsc -p ${project}: ${status} (${result.seconds?.toFixed(1) ?? '?'} s)`);
    if (result.output.trim()) console.log(result.output.trimEnd());
    results.push(result);
  }
}
await Promise.all(
  Array.from({ length: Math.min(availableParallelism(), waiting.length) }, () => worker()),
);
if (results.some((result) => !result.ok)) process.exit(1);
