import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureBound } from '../../../testing/failure-bound.js';
import { onFreePort } from '../../../testing/free-port.js';
import { REDIS_URL, serviceAvailable } from '../../../testing/services.js';
import { waitFor } from '../../../testing/wait-for.js';
import { TestClient, testAccount } from '../support/graphql-client.js';
import { subscribeAccountEvents } from '../support/subscribe-account-events.js';
import { createPostgresSchema } from '../support/test-server.js';

const withPostgresAndRedis =
  (await serviceAvailable('PostgreSQL')) && (await serviceAvailable('Redis'));

/** Failure bounds only: every wait below ends on an event, these just stop a hung run. */
const START_BOUND_MS = failureBound(30_000);
const EVENT_BOUND_MS = failureBound(15_000);

const SIGN_IN_MUTATION =
  'mutation ($m: String!, $s: String!) { signIn(message: $m, signature: $s) { session { id } } }';

/**
 * A chain endpoint that holds every request until released, then refuses
 * them: a contract-wallet sign-in waits on it, so the test knows it is in flight.
 */
type HeldEndpoint = { url: string; requests: number; release(): void; close(): Promise<void> };

async function startHeldEndpoint(): Promise<HeldEndpoint> {
  const held = new Set<Socket>();
  let released = false;
  const endpoint: HeldEndpoint = {
    url: '',
    requests: 0,
    release() {
      released = true;
      for (const socket of held) socket.destroy();
    },
    close: async () => {},
  };
  const server: Server = createServer((socket) => {
    socket.on('error', () => {});
    if (released) return socket.destroy();
    held.add(socket);
    socket.once('data', () => {
      endpoint.requests += 1;
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  endpoint.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  endpoint.close = () => new Promise((resolve) => server.close(() => resolve()));
  return endpoint;
}

/** `npm start`'s process (main.ts through tsx), its JSON log lines kept as they come. */
type ServerProcess = {
  url: string;
  origin: string;
  child: ChildProcess;
  logs: { msg?: string; url?: string; req?: { url?: string; method?: string } }[];
  exit: Promise<number | null>;
};

function spawnServer(env: Record<string, string>): Promise<ServerProcess> {
  return onFreePort((port) => spawnServerOn(port, env));
}

async function spawnServerOn(port: number, env: Record<string, string>): Promise<ServerProcess> {
  const main = fileURLToPath(new URL('../../src/main.ts', import.meta.url));
  const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
  const origin = `http://localhost:${port}`;
  // The image variant cache of this process only, gone with it: never ./data in the checkout.
  const imageCache = mkdtempSync(join(tmpdir(), 'sigil-shutdown-images-'));
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      // How the Node 22 pass (scripts/node22) loads its own build of better-sqlite3.
      ...(process.env.NODE_OPTIONS && { NODE_OPTIONS: process.env.NODE_OPTIONS }),
      PORT: String(port),
      PUBLIC_URL: origin,
      CHAINS: '31337',
      RATE_LIMIT_PER_MINUTE: '100000',
      // Debug: a request's arrival ('incoming request') is what some tests wait for.
      LOG_LEVEL: 'debug',
      IMAGE_CACHE_DIR: imageCache,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: ServerProcess['logs'] = [];
  let buffered = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    buffered += chunk;
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) if (line.trim()) logs.push(JSON.parse(line));
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exit = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      rmSync(imageCache, { recursive: true, force: true });
      resolve(code);
    }),
  );
  const serving = () => logs.some((line) => line.msg?.startsWith('Sigil is serving'));
  await Promise.race([
    waitFor(serving, START_BOUND_MS),
    exit.then((code) => {
      throw new Error(`the server exited (${code}) before serving: ${stderr}`);
    }),
  ]);
  return { url: `http://127.0.0.1:${port}`, origin, child, logs, exit };
}

/** One HTTP request on its own keep-alive connection, already open: no race with the listener closing. */
async function openConnection(server: ServerProcess) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const send = (method: string, path: string, body?: string) =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(
        `${server.url}${path}`,
        {
          method,
          agent,
          headers: {
            origin: server.origin,
            ...(body && { 'content-type': 'application/json' }),
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8').on('data', (chunk: string) => {
            text += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  await send('GET', '/healthz');
  return { send, close: () => agent.destroy() };
}

/** Responses read off a raw connection: several when requests were pipelined. */
function rawConnection(server: ServerProcess) {
  const { hostname, port } = new URL(server.url);
  const socket = connect({ host: hostname, port: Number(port) });
  let text = '';
  socket.setEncoding('utf8').on('data', (chunk: string) => {
    text += chunk;
  });
  const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return {
    connected: new Promise<void>((resolve) => socket.once('connect', () => resolve())),
    write(head: string, body = '') {
      socket.write(
        `${head}\r\nHost: ${new URL(server.origin).host}\r\nOrigin: ${server.origin}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
    },
    /** Status codes of the responses, in order, once the server closed the connection. */
    statuses: async () => {
      await ended;
      return [...text.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((match) => Number(match[1]));
    },
    text: () => text,
  };
}

describe('graceful shutdown of the real process', () => {
  let dir: string;
  let held: HeldEndpoint;
  let server: ServerProcess;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sigil-shutdown-'));
    held = await startHeldEndpoint();
    server = await spawnServer({
      DATABASE_URL: `sqlite:${join(dir, 'sigil.sqlite')}`,
      RPC_URL_31337: held.url,
      SHUTDOWN_TIMEOUT: '10s',
    });
  }, START_BOUND_MS + 5_000);

  afterAll(async () => {
    server?.child.kill('SIGKILL');
    await held?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('on SIGTERM: 503 for new requests, 1001 for sockets, answers for what was in flight, exit 0', async () => {
    // Open websockets: signed-in ones subscribed to their events, and anonymous ones.
    const signedIn = [new TestClient(server), new TestClient(server)];
    for (const [index, client] of signedIn.entries()) {
      expect((await client.signInAs(testAccount(index))).errors).toBeUndefined();
    }
    const sockets = await Promise.all([
      ...Array.from({ length: 10 }, (_, i) =>
        subscribeAccountEvents(signedIn[i % 2] as TestClient),
      ),
      ...Array.from({ length: 10 }, () => subscribeAccountEvents(new TestClient(server))),
    ]);

    // An event stream (server-sent events), which the shutdown must end rather than wait on.
    const stream = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'text/event-stream',
        origin: server.origin,
        cookie: signedIn[0]?.cookie as string,
      },
      body: JSON.stringify({ query: 'subscription { accountEvents { type } }' }),
    });
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    const streamEnded = (async () => {
      const reader = stream.body?.getReader();
      for (;;) if ((await reader?.read())?.done !== false) return 'ended cleanly';
    })().catch((error: unknown) => `failed: ${String(error)}`);

    // Sign-ins in flight: contract-wallet ones wait on the held chain; EOA ones
    // are ready to go, each on a connection the server has already accepted.
    const signer = testAccount(2);
    const contractBodies = await Promise.all(
      Array.from({ length: 5 }, async () => {
        const message = await new TestClient(server).prepareMessage(testAccount(0));
        // Signed by another key: it does not recover to the address, so the chain is asked.
        const signature = await signer.signMessage({ message });
        return JSON.stringify({ query: SIGN_IN_MUTATION, variables: { m: message, s: signature } });
      }),
    );
    const eoaBodies = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const message = await new TestClient(server).prepareMessage(signer);
        const signature = await signer.signMessage({ message });
        return JSON.stringify({ query: SIGN_IN_MUTATION, variables: { m: message, s: signature } });
      }),
    );
    const connections = await Promise.all(eoaBodies.map(() => openConnection(server)));
    const pipelined = rawConnection(server);
    await pipelined.connected;

    const graphqlRequestsBefore = server.logs.filter(
      (line) => line.msg === 'incoming request' && line.req?.url === '/graphql',
    ).length;
    pipelined.write('POST /graphql HTTP/1.1', contractBodies[0]);
    const contract = contractBodies
      .slice(1)
      .map((body) => openConnection(server).then((c) => c.send('POST', '/graphql', body)));
    const eoa = connections.map((connection, i) =>
      connection.send('POST', '/graphql', eoaBodies[i]),
    );
    // Every sign-in reached the server, and the contract ones are waiting on the chain.
    await waitFor(
      () =>
        server.logs.filter(
          (line) => line.msg === 'incoming request' && line.req?.url === '/graphql',
        ).length -
          graphqlRequestsBefore >=
        contractBodies.length + eoaBodies.length,
      EVENT_BOUND_MS,
    );
    await waitFor(() => held.requests >= 1, EVENT_BOUND_MS);

    server.child.kill('SIGTERM');
    await waitFor(
      () => server.logs.some((line) => line.msg?.startsWith('closing:')),
      EVENT_BOUND_MS,
    );
    // Behind the held sign-in on its connection: a readiness probe, once closing began.
    pipelined.write('GET /readyz HTTP/1.1');
    // A new client is refused: the listener is closed, or its request answered 503.
    const probe = await fetch(`${server.url}/readyz`).then(
      (response) => response.status,
      () => 'connection refused',
    );
    expect([503, 'connection refused']).toContain(probe);
    held.release();

    // The test's timeout bounds the wait: a shutdown that hangs fails it.
    expect(await server.exit).toBe(0);

    // The held sign-in got its real answer, and the probe after it a 503.
    expect(await pipelined.statuses()).toEqual([200, 503]);
    expect(pipelined.text()).toContain('INVALID_SIGNATURE');
    for (const answer of await Promise.all(contract)) {
      expect(answer.status).toBe(200);
      expect(answer.text).toContain('INVALID_SIGNATURE');
    }
    // Every EOA sign-in got a response: done before closing, or told 503.
    for (const answer of await Promise.all(eoa)) {
      expect([200, 503]).toContain(answer.status);
      if (answer.status === 200)
        expect(JSON.parse(answer.text)).toEqual({
          data: { signIn: { session: { id: expect.stringMatching(/^[0-9a-f-]{36}$/) } } },
        });
    }
    for (const connection of connections) connection.close();

    expect(await streamEnded).toBe('ended cleanly');

    // Every socket was told the server is going away.
    expect(await Promise.all(sockets.map((socket) => socket.closed))).toEqual(
      sockets.map(() => 1001),
    );

    // The database was closed cleanly after the sockets and requests.
    const messages = server.logs.map((line) => line.msg);
    expect(messages.indexOf('shut down')).toBeGreaterThan(messages.indexOf('shutting down'));
  }, 60_000);

  /** A signed-in socket on a server of its own, then `signal`: exit 0, the socket told 1001. */
  async function shutsDownGracefully(env: Record<string, string>, signal: NodeJS.Signals) {
    const other = await spawnServer({ ...env, RPC_URL_31337: held.url });
    try {
      const client = new TestClient(other);
      expect((await client.signInAs(testAccount(0))).errors).toBeUndefined();
      const socket = await subscribeAccountEvents(client);
      other.child.kill(signal);
      expect(await other.exit).toBe(0);
      expect(await socket.closed).toBe(1001);
      // Logged once every onClose hook (events and Redis, rate limiter, database) returned.
      expect(other.logs.map((line) => line.msg)).toContain('shut down');
    } finally {
      other.child.kill('SIGKILL');
    }
  }

  it('on SIGINT (Ctrl-C): the same graceful path, sockets told 1001, exit 0', async () => {
    await shutsDownGracefully({ DATABASE_URL: `sqlite:${join(dir, 'sigint.sqlite')}` }, 'SIGINT');
  }, 60_000);

  it.skipIf(!withPostgresAndRedis)(
    'on PostgreSQL and Redis: sockets told 1001, both closed, exit 0',
    async () => {
      const schema = await createPostgresSchema();
      try {
        await shutsDownGracefully({ DATABASE_URL: schema.url, REDIS_URL }, 'SIGTERM');
      } finally {
        await schema.drop();
      }
    },
    60_000,
  );
});
