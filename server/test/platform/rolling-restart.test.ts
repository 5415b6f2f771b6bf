import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneBuilds } from '../../../scripts/build/prune-builds.js';
import { startBuildDirectory, swapInBuild } from '../../../scripts/build/swap-in-build.js';
import { buildIfStale } from '../../../testing/build-if-stale.js';
import { repoRoot } from '../../../testing/repo-root.js';
import { type BuiltServer, startBuiltServer } from '../../../testing/start-built-server.js';

/**
 * Two instances from one checkout (docs/operations.md "Rolling
 * restart"): while a new build is swapped in and a second instance starts on
 * it, the first keeps answering for its page and its own scripts, from its own
 * build, never an error and never a mix of two builds; old builds are pruned
 * around it.
 *
 * The checkout is a copy of this one's shape in a temporary folder: the real
 * server build, copied in as builds of its own, and small web builds, so a new
 * build takes a file copy rather than a minute of Vite. The swap and prune are
 * the ones `npm run build` and `npm start` use.
 */
type Poll = { url: string; status: number | string; sameBody: boolean };

/** Asks instance 1 for its page and scripts, again and again, until stopped. */
function pollContinuously(base: string, expected: Map<string, string>) {
  const polls: Poll[] = [];
  let stopped = false;
  let rounds = 0;
  const waiters: (() => void)[] = [];
  const loop = (async () => {
    while (!stopped) {
      for (const [path, body] of expected) {
        const url = `${base}${path}`;
        try {
          const response = await fetch(url, { headers: { accept: 'text/html,*/*' } });
          const text = await response.text();
          polls.push({ url, status: response.status, sameBody: text === body });
        } catch (error) {
          polls.push({ url, status: String(error), sameBody: false });
        }
      }
      rounds += 1;
      for (const wake of waiters.splice(0)) wake();
    }
  })();
  return {
    polls,
    /** Resolves once a whole round has run after this call: what just changed was seen. */
    nextRound(): Promise<void> {
      const target = rounds + 2;
      return new Promise((resolve) => {
        const check = () => (rounds >= target ? resolve() : waiters.push(check));
        check();
      });
    },
    async stop() {
      stopped = true;
      await loop;
    },
  };
}

describe('a rolling restart from one checkout', () => {
  let checkout: string;
  const instances: BuiltServer[] = [];

  const webPointer = () => join(checkout, 'web/dist');
  const serverPointer = () => join(checkout, 'server/dist');

  /** A web build written aside and swapped in, as `npm run build` does: its page loads its own script. */
  function buildWeb(label: string): Map<string, string> {
    const directory = startBuildDirectory(webPointer());
    const script = `/assets/index-${label}.js`;
    const files = new Map([
      ['/', `<!doctype html><title>Sigil ${label}</title><script src="${script}"></script>`],
      [script, `console.log(${JSON.stringify(label)});`],
    ]);
    mkdirSync(join(directory, 'assets'));
    writeFileSync(join(directory, 'index.html'), files.get('/') as string);
    writeFileSync(join(directory, script), files.get(script) as string);
    swapInBuild(webPointer(), directory);
    pruneBuilds(webPointer());
    return files;
  }

  /** The server build, copied in as a new build of the checkout's own. */
  function buildServer() {
    const directory = startBuildDirectory(serverPointer());
    cpSync(realpathSync(join(repoRoot, 'server/dist')), directory, { recursive: true });
    swapInBuild(serverPointer(), directory);
    pruneBuilds(serverPointer());
  }

  /** Starts an instance as `npm run serve` would here: node on server/dist/main.js. */
  function startInstance() {
    return startBuiltServer({
      chains: [{ id: 31337, rpcUrl: 'http://127.0.0.1:9' }],
      runtime: {
        kind: 'dist',
        nodeArguments: [join(checkout, 'server/dist/main.js')],
        reason: 'the checkout copy',
      },
    }).then((instance) => {
      instances.push(instance);
      return instance;
    });
  }

  beforeAll(async () => {
    await buildIfStale();
    checkout = mkdtempSync(join(tmpdir(), 'sigil-checkout-'));
    // What the server finds from its own place: packages, its worker, the schema.
    for (const path of ['node_modules', 'server/node_modules', 'server/workers', 'schema']) {
      mkdirSync(join(checkout, path, '..'), { recursive: true });
      symlinkSync(join(repoRoot, path), join(checkout, path));
    }
    for (const path of ['package.json', 'server/package.json']) {
      cpSync(join(repoRoot, path), join(checkout, path));
    }
    mkdirSync(join(checkout, 'web'));
  }, 600_000);

  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    if (checkout) rmSync(checkout, { recursive: true, force: true });
  });

  it('keeps the first instance on its own build while the second starts on a new one', async () => {
    buildServer();
    const buildA = buildWeb('a');
    const first = await startInstance();
    const firstServerBuild = realpathSync(serverPointer());
    const firstWebBuild = realpathSync(webPointer());

    const poller = pollContinuously(first.url, buildA);
    await poller.nextRound();

    // A source changed: a new build of both, swapped in while the first instance serves.
    buildServer();
    const buildB = buildWeb('b');
    await poller.nextRound();

    const second = await startInstance();
    for (const [path, body] of buildB) {
      const response = await fetch(`${second.url}${path}`, { headers: { accept: 'text/html' } });
      expect(response.status).toBe(200);
      expect(await response.text()).toBe(body);
    }
    await poller.nextRound();

    // Two more builds: build A is no longer the previous one, only the first instance keeps it.
    buildWeb('c');
    buildServer();
    buildWeb('d');
    buildServer();
    await poller.nextRound();
    await poller.stop();

    const failed = poller.polls.filter((poll) => poll.status !== 200 || !poll.sameBody);
    expect({ failed: failed.length, first: failed.slice(0, 3) }).toEqual({ failed: 0, first: [] });
    expect(poller.polls.length).toBeGreaterThanOrEqual(2 * 5);
    expect(existsSync(firstWebBuild)).toBe(true);
    expect(existsSync(firstServerBuild)).toBe(true);

    // Stopped, the first instance lets go of its builds: the next prune removes them.
    await first.stop();
    pruneBuilds(webPointer());
    pruneBuilds(serverPointer());
    expect(existsSync(firstWebBuild)).toBe(false);
    expect(existsSync(firstServerBuild)).toBe(false);
    // What the second instance serves stays.
    const builds = readdirSync(join(checkout, 'web')).filter((name) => name.startsWith('dist-'));
    expect(builds).toContain(basename(realpathSync(webPointer())));
    expect(second.output()).not.toMatch(/"level":(50|60)/);
  }, 180_000);
});
