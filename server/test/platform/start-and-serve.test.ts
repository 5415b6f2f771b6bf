import { cpSync, mkdirSync, mkdtempSync, rmSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPart } from '../../../scripts/build/build-parts.js';
import { currentBuild } from '../../../scripts/build/swap-in-build.js';
import { buildIfStale } from '../../../testing/build-if-stale.js';
import { repoRoot } from '../../../testing/repo-root.js';
import { spawnCapped } from '../../../testing/spawn-capped.js';
import { isServerVariable, startBuiltServer } from '../../../testing/start-built-server.js';
import { withoutTestRunnerEnv } from '../../../testing/without-test-runner-env.js';

/**
 * Starting is not building (docs/operations.md "Builds and
 * restarts"): `npm start` builds only what is stale, `npm run serve` never
 * builds, and a bad setting is refused before any build. What was built is
 * read from the builds the pointers name and from what the commands print,
 * never from how long they took.
 */
const CHAINS = [{ id: 31337, rpcUrl: 'http://127.0.0.1:9' }];

/** Which build web/dist and server/dist point at. */
function currentBuilds() {
  return ['web', 'server'].map((name) => {
    const part = buildPart(name);
    return part.kind === 'aside' ? currentBuild(join(repoRoot, part.pointer))?.name : undefined;
  });
}

/** A web source saved now, so the web app is stale, while `run` runs; its time is put back after. */
async function withWebSourceChanged<T>(run: () => Promise<T>): Promise<T> {
  const source = join(repoRoot, 'web/index.html');
  const { atime, mtime } = statSync(source);
  utimesSync(source, atime, new Date());
  try {
    return await run();
  } finally {
    utimesSync(source, atime, mtime);
  }
}

/** What npm prints around a script: its `> name command` header and its error report. */
const NPM_LINE = /^(> |npm (error|ERR!))/;

describe('npm start and npm run serve', () => {
  beforeAll(async () => {
    await buildIfStale();
  }, 600_000);

  it('npm start with nothing changed builds nothing and serves the current build', async () => {
    const before = currentBuilds();
    expect(before.every(Boolean)).toBe(true);
    const server = await startBuiltServer({
      chains: CHAINS,
      launch: { command: 'npm', args: ['start'] },
    });
    try {
      const page = await fetch(`${server.url}/`, { headers: { accept: 'text/html' } });
      expect(page.status).toBe(200);
      // The entry, which index.html's startup script names and loads after the first paint.
      const script = /"entry":"(\/assets\/[^"]+\.js)"/.exec(await page.text())?.[1];
      expect(script).toBeDefined();
      expect((await fetch(`${server.url}${script}`)).status).toBe(200);
      expect(server.output()).not.toMatch(/building/);
    } finally {
      await server.stop();
    }
    expect(currentBuilds()).toEqual(before);
  });

  it('npm run serve starts what is built without building, even with sources changed', async () => {
    const before = currentBuilds();
    await withWebSourceChanged(async () => {
      const server = await startBuiltServer({
        chains: CHAINS,
        launch: { command: 'npm', args: ['run', 'serve'] },
      });
      try {
        expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
        expect(server.output()).not.toMatch(/building/);
      } finally {
        await server.stop();
      }
    });
    expect(currentBuilds()).toEqual(before);
  });

  it.each([
    ['with nothing changed', false],
    ['with a source changed', true],
  ])(
    'PORT=abc npm start %s refuses in one line, building nothing',
    async (_, changed) => {
      const before = currentBuilds();
      const inherited = Object.fromEntries(
        Object.entries(withoutTestRunnerEnv(process.env)).filter(
          ([name]) => !isServerVariable(name),
        ),
      );
      const refuse = async () => {
        const start = spawnCapped({
          command: 'npm',
          args: ['start'],
          cwd: repoRoot,
          env: { ...inherited, PORT: 'abc' },
          processGroup: true,
        });
        return { code: await start.exited, output: start.output() };
      };
      const { code, output } = changed ? await withWebSourceChanged(refuse) : await refuse();
      expect(code).toBe(1);
      const lines = output.split('\n').filter((line) => line.trim() !== '' && !NPM_LINE.test(line));
      expect(lines).toEqual([expect.stringMatching(/^Invalid configuration: PORT/)]);
      expect(currentBuilds()).toEqual(before);
      // A failure bound: with the refusal after a build, the build runs first (a minute or more).
    },
    600_000,
  );
});

describe('npm run serve with nothing built', () => {
  let checkout: string;
  beforeAll(() => {
    checkout = mkdtempSync(join(tmpdir(), 'sigil-unbuilt-'));
    mkdirSync(join(checkout, 'scripts'));
    cpSync(join(repoRoot, 'scripts/serve.mjs'), join(checkout, 'scripts/serve.mjs'));
  });
  afterAll(() => rmSync(checkout, { recursive: true, force: true }));

  it('says in one line to build first', async () => {
    const serve = spawnCapped({
      command: process.execPath,
      args: ['scripts/serve.mjs'],
      cwd: checkout,
      env: withoutTestRunnerEnv(process.env),
    });
    expect(await serve.exited).toBe(1);
    expect(serve.output().trim().split('\n')).toEqual([
      expect.stringMatching(/^Sigil is not built: run `npm run build`/),
    ]);
  });
});
