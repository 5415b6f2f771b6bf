#!/usr/bin/env node
// Reads the log of a `bash .ci/run` (or of `npm test`) and prints where the time
// went, as Markdown: each step `.ci/run` names with its elapsed seconds (its
// `==> [Ns] …` lines), each Vitest run with its files, tests and duration, and
// the slowest test files of the whole log. docs/testing.md ("Where the time
// goes") holds its output for the last measured run.
//
//   node scripts/timings/ci-log-timings.mjs /tmp/ci.log [--slowest 10]
import { readFileSync } from 'node:fs';

const [file, ...rest] = process.argv.slice(2);
if (!file) {
  console.error('usage: node scripts/timings/ci-log-timings.mjs LOG [--slowest N]');
  process.exit(2);
}
const slowestCount = Number(rest[rest.indexOf('--slowest') + 1]) || 10;

/** Vitest and npm colour their output; the figures are in the plain text. */
const plain = (line) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the escape is what colours a terminal's text.
  line.replace(/(?:\x1b)?\[[0-9;]*m/g, '');
const lines = readFileSync(file, 'utf8').split('\n').map(plain);

const steps = [];
const runs = [];
const files = [];
let run;
let step = 'before the first step';
for (const line of lines) {
  const stepLine = /^==> \[(\d+)s\] (.*)$/.exec(line);
  if (stepLine) {
    steps.push({ at: Number(stepLine[1]), name: stepLine[2] });
    step = stepLine[2];
    continue;
  }
  const runLine = /^\s*RUN\s+v[\d.]+\s+(\S+)/.exec(line);
  if (runLine) {
    run = {
      step,
      root: runLine[1].replace(/^.*?\/(packages\/[^/]+|server|web|bench|$)/, '$1') || '.',
      files: 0,
    };
    runs.push(run);
    continue;
  }
  // " ✓ test/foo.test.ts (12 tests) 3456ms" — a file's line (its tests' lines are indented
  // further); in a run of several Vitest projects the project's name comes first.
  const fileLine =
    /^ [✓❯×↓] (?:.*?\s)?(\S+\.test\.tsx?) \((\d+) tests?(?: \| [^)]*)?\)(?: \d+ skipped)?\s*(\d+)ms/.exec(
      line,
    );
  if (fileLine) {
    // A log cut before its run's first line still has its files.
    if (!run) {
      run = { step, root: '(a run whose start is not in the log)', files: 0 };
      runs.push(run);
    }
    run.files += 1;
    files.push({ run, name: fileLine[1], tests: Number(fileLine[2]), ms: Number(fileLine[3]) });
    continue;
  }
  const tests = /^\s*Tests\s+(.*)$/.exec(line);
  if (tests && run)
    run.tests = tests[1]
      .replace(/\s+\(\d+\)$/, '')
      .replaceAll(' | ', ', ')
      .trim();
  const duration = /^\s*Duration\s+([\d.]+)(ms|s)/.exec(line);
  if (duration && run) run.seconds = Number(duration[1]) / (duration[2] === 'ms' ? 1000 : 1);
}

const out = [];
if (steps.length > 0) {
  out.push('| step | seconds |', '|---|---:|');
  steps.forEach((current, index) => {
    const next = steps[index + 1];
    out.push(`| ${current.name} | ${next ? next.at - current.at : '(to the end)'} |`);
  });
  out.push('');
}
out.push('| Vitest run | during | files | tests | seconds |', '|---|---|---:|---|---:|');
for (const r of runs) {
  out.push(
    `| ${r.root} | ${r.step} | ${r.files} | ${r.tests ?? '?'} | ${r.seconds?.toFixed(0) ?? '?'} |`,
  );
}
out.push(
  '',
  `The ${slowestCount} slowest files:`,
  '',
  '| file | during | tests | seconds |',
  '|---|---|---:|---:|',
);
for (const f of [...files].sort((a, b) => b.ms - a.ms).slice(0, slowestCount)) {
  out.push(
    `| ${f.run.root}/${f.name} | ${f.run.step} | ${f.tests} | ${(f.ms / 1000).toFixed(1)} |`,
  );
}
console.log(out.join('\n'));
