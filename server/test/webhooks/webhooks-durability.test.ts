import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureBound } from '../../../testing/failure-bound.js';
import { onFreePort } from '../../../testing/free-port.js';
import { serviceAvailable } from '../../../testing/services.js';
import { waitFor } from '../../../testing/wait-for.js';
import { createDatabase } from '../../src/store/create-database.js';
import { TestClient, testAccount } from '../support/graphql-client.js';
import { createPostgresSchema, startTestServer, type TestServer } from '../support/test-server.js';
import {
  startWebhookReceiver,
  type WebhookReceiver,
  webhooksEnv,
} from '../support/webhook-receiver.js';

/** Failure bounds only: every wait ends on the event it waits for. */
const START_BOUND_MS = failureBound(30_000);
const BOUND_MS = failureBound(15_000);

type ServerProcess = {
  url: string;
  origin: string;
  child: ChildProcess;
  exit: Promise<number | null>;
};

/** `npm start`'s process (main.ts through tsx), as shutdown.test.ts starts it. */
function spawnServer(env: Record<string, string>): Promise<ServerProcess> {
  return onFreePort(async (port) => {
    const main = fileURLToPath(new URL('../../src/main.ts', import.meta.url));
    const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
    const origin = `http://localhost:${port}`;
    const child = spawn(process.execPath, ['--import', 'tsx', main], {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH,
        ...(process.env.NODE_OPTIONS && { NODE_OPTIONS: process.env.NODE_OPTIONS }),
        PORT: String(port),
        PUBLIC_URL: origin,
        CHAINS: '31337',
        RPC_URL_31337: 'http://127.0.0.1:9',
        RATE_LIMIT_PER_MINUTE: '100000',
        LOG_LEVEL: 'info',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
    });
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
    });
    const exit = new Promise<number | null>((resolve) => child.once('exit', resolve));
    await Promise.race([
      waitFor(() => output.includes('Sigil is serving'), START_BOUND_MS),
      exit.then((code) => {
        throw new Error(`the server exited (${code}) before serving: ${output}`);
      }),
    ]);
    return { url: `http://127.0.0.1:${port}`, origin, child, exit };
  });
}

async function deliveryRows(sqlitePath: string) {
  const store = createDatabase({ kind: 'sqlite', path: sqlitePath });
  try {
    return await store.db.selectFrom('webhook_deliveries').selectAll().execute();
  } finally {
    await store.close();
  }
}

describe('webhooks survive a crash', () => {
  let dir: string;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sigil-webhooks-crash-'));
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('delivers, once, the message whose attempt was in flight when the server was SIGKILLed', async () => {
    const sqlitePath = join(dir, 'sigil.sqlite');
    const env = {
      DATABASE_URL: `sqlite:${sqlitePath}`,
      IMAGE_CACHE_DIR: join(dir, 'images'),
      WEBHOOKS: webhooksEnv([
        { id: 'crm', url: receiver.url, secret: receiver.secret, events: ['session.created'] },
      ]),
    };
    // The first attempt is held: the process dies with it in flight, after the change committed.
    receiver.answer = () => 'hold';
    const first = await spawnServer(env);
    let sessionId: string;
    try {
      const signedIn = await new TestClient(first).signInAs(testAccount(0));
      expect(signedIn.errors).toBeUndefined();
      sessionId = signedIn.data?.signIn.session.id as string;
      await waitFor(() => receiver.held() === 1, BOUND_MS);
    } finally {
      first.child.kill('SIGKILL');
      await first.exit;
    }
    // The dead process's attempt never got an answer.
    await waitFor(() => receiver.held() === 0, BOUND_MS);
    expect(receiver.delivered()).toEqual([]);
    expect(await deliveryRows(sqlitePath)).toMatchObject([{ status: 'PENDING', attempts: 0 }]);

    receiver.answer = () => 200;
    const second = await spawnServer(env);
    try {
      await waitFor(() => receiver.delivered().length === 1, BOUND_MS);
    } finally {
      second.child.kill('SIGTERM');
      expect(await second.exit).toBe(0);
    }
    const [delivered] = receiver.delivered();
    expect(delivered).toMatchObject({ type: 'session.created', verified: true });
    expect(delivered?.data.sessionId).toBe(sessionId);
    // Sent twice (the held attempt, then the one that was answered), delivered once.
    expect(receiver.received.map((m) => m.id)).toEqual([delivered?.id, delivered?.id]);
    expect(await deliveryRows(sqlitePath)).toMatchObject([
      { status: 'DELIVERED', attempts: 1, locked_until: null },
    ]);
  }, 90_000);
});

describe('webhooks across a graceful shutdown', () => {
  it('hands back an attempt still in flight when the budget runs out; the next start sends it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sigil-webhooks-handback-'));
    const receiver = await startWebhookReceiver({ answer: () => 'hold' });
    const env = {
      SHUTDOWN_TIMEOUT: '1s',
      WEBHOOKS: webhooksEnv([
        { id: 'crm', url: receiver.url, secret: receiver.secret, events: ['session.created'] },
      ]),
    };
    const databaseUrl = `sqlite:${join(dir, 'sigil.sqlite')}`;
    try {
      const first = await startTestServer({ databaseUrl, env });
      expect((await new TestClient(first).signInAs(testAccount(0))).errors).toBeUndefined();
      await waitFor(() => receiver.held() === 1, BOUND_MS);
      await first.close();
      const rows = await deliveryRows(join(dir, 'sigil.sqlite'));
      expect(rows).toMatchObject([{ status: 'PENDING', attempts: 0, locked_until: null }]);

      receiver.answer = () => 200;
      const second = await startTestServer({ databaseUrl, env });
      try {
        await waitFor(() => receiver.delivered().length === 1, BOUND_MS);
        expect(receiver.delivered()[0]?.verified).toBe(true);
      } finally {
        await second.close();
      }
    } finally {
      await receiver.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.runIf(await serviceAvailable('PostgreSQL'))(
  'webhooks with two instances on PostgreSQL',
  () => {
    let a: TestServer;
    let b: TestServer;
    let receiver: WebhookReceiver;
    let schema: Awaited<ReturnType<typeof createPostgresSchema>>;

    beforeAll(async () => {
      receiver = await startWebhookReceiver();
      schema = await createPostgresSchema();
      const env = {
        WEBHOOKS: webhooksEnv([{ id: 'crm', url: receiver.url, secret: receiver.secret }]),
      };
      a = await startTestServer({ databaseUrl: schema.url, env });
      b = await startTestServer({ databaseUrl: schema.url, env });
    });
    afterAll(async () => {
      await a?.close();
      await b?.close();
      await schema?.drop();
      await receiver?.close();
    });

    it('delivers each message exactly once', async () => {
      const signIns = 24;
      const results = await Promise.all(
        Array.from({ length: signIns }, (_, i) =>
          new TestClient(i % 2 ? a : b).signInAs(testAccount(i % 3)),
        ),
      );
      for (const result of results) expect(result.errors).toBeUndefined();
      // Three accounts created, one session each sign-in.
      const expected = signIns + 3;
      await waitFor(() => receiver.delivered().length >= expected, BOUND_MS);
      await Promise.all([a.services.webhooks.idle(), b.services.webhooks.idle()]);
      const ids = receiver.received.map((m) => m.id);
      expect(new Set(ids).size).toBe(expected);
      expect(ids).toHaveLength(expected);
      expect(receiver.received.every((m) => m.verified)).toBe(true);
      const rows = await a.services.db.selectFrom('webhook_deliveries').selectAll().execute();
      expect(rows).toHaveLength(expected);
      expect(rows.every((row) => row.status === 'DELIVERED' && Number(row.attempts) === 1)).toBe(
        true,
      );
    });
  },
);
