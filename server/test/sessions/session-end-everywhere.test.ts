import { type Client, createClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { failureBound } from '../../../testing/failure-bound.js';
import { waitFor } from '../../../testing/wait-for.js';
import { endSession } from '../../src/sessions/session-store.js';
import { TestClient, testAccount } from '../support/graphql-client.js';
import { moveClockToSessionEnd } from '../support/move-clock-to-session-end.js';
import { signedIn } from '../support/signed-in.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/** Failure bound of every wait below: each ends on an event, this only stops a hung run. */
const EVENT_BOUND_MS = failureBound(5_000);

type OperationResult = { data?: Record<string, unknown> | null; errors?: unknown[] };

/** A graphql-ws socket as `client` (its cookie and Origin), for single operations. */
function openSocket(client: TestClient) {
  let reportClose!: (code: number | undefined) => void;
  const closed = new Promise<number | undefined>((resolve) => {
    reportClose = resolve;
  });
  const headers = {
    ...(client.cookie && { cookie: client.cookie }),
    origin: client.server.origin,
  };
  const socket: Client = createClient({
    url: `${client.server.url.replace(/^http/, 'ws')}/graphql`,
    retryAttempts: 0,
    lazy: false,
    // The close is what tests wait for (`closed`): recorded, not printed.
    onNonLazyError: () => {},
    webSocketImpl: class extends WebSocket {
      constructor(address: string, protocols?: string | string[]) {
        super(address, protocols, { headers });
      }
    },
    on: {
      closed: (event) => reportClose((event as { code?: number }).code),
    },
  });
  return {
    /** One operation's outcome: its result, or the error the socket reported. */
    run(query: string): Promise<OperationResult> {
      return new Promise((resolve) => {
        let result: OperationResult = {};
        socket.subscribe(
          { query },
          {
            next: (value) => {
              result = value as OperationResult;
            },
            error: (error) => resolve({ errors: Array.isArray(error) ? error : [error] }),
            complete: () => resolve(result),
          },
        );
      });
    },
    /** The close code, once the socket closes. */
    closed,
    dispose: () => socket.dispose(),
  };
}

function codes(result: OperationResult): unknown[] {
  return (result.errors ?? []).map(
    (error) => (error as { extensions?: { code?: unknown } }).extensions?.code,
  );
}

/**
 * accountEvents over server-sent events (POST /graphql, Accept:
 * text/event-stream), as `client`: the events it delivers, and whether the
 * server ended the stream.
 */
async function streamAccountEvents(client: TestClient) {
  const response = await fetch(`${client.server.url}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'text/event-stream',
      origin: client.server.origin,
      ...(client.cookie && { cookie: client.cookie }),
    },
    body: JSON.stringify({ query: 'subscription { accountEvents { type session { id } } }' }),
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const events: { type: string; session: { id: string } }[] = [];
  let text = '';
  let ended = false;
  const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
  const reading = (async () => {
    for (;;) {
      const chunk = await reader?.read();
      if (!chunk || chunk.done) break;
      text += chunk.value;
      const blocks = text.split('\n\n');
      text = blocks.pop() ?? '';
      for (const block of blocks) {
        const data = block
          .split('\n')
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(5))
          .join('');
        const payload = data ? (JSON.parse(data) as { data?: { accountEvents?: unknown } }) : {};
        if (payload.data?.accountEvents) events.push(payload.data.accountEvents as never);
      }
    }
    ended = true;
  })();
  return {
    events,
    get ended() {
      return ended;
    },
    cancel: async () => {
      await reader?.cancel().catch(() => {});
      await reading;
    },
  };
}

describe('a websocket runs every operation with the session as it is now', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it('refuses the next operation of a session ended without any event, and closes with 4401', async () => {
    const { client, sessionId } = await signedIn(server);
    const socket = openSocket(client);
    const before = await socket.run('{ me { address } }');
    expect(before.data?.me).toEqual({ address: testAccount(0).address });

    // Ended in the database alone: the event that would close the socket is lost.
    await endSession(server.services.db, { id: sessionId, reason: 'REVOKED', now: server.clock() });

    const after = await socket.run('{ me { address } }');
    expect(after.data?.me ?? null).toBeNull();
    expect(codes(after)).toContain('UNAUTHENTICATED');
    expect(await socket.closed).toBe(4401);
  });

  it.each([
    ['signIn', 'mutation { signIn(message: "m", signature: "0x00") { session { id } } }'],
    ['createNonce', 'mutation { createNonce { value } }'],
    ['createNonce', 'mutation { n: createNonce { value } }'],
    ['createNonce', 'mutation { ...Nonce } fragment Nonce on Mutation { createNonce { value } }'],
  ])('refuses %s over a websocket, which cannot carry a cookie (%s)', async (field, query) => {
    const countNonces = async () =>
      (await server.services.db.selectFrom('nonces').select('value').execute()).length;
    const noncesBefore = await countNonces();
    const socket = openSocket(new TestClient(server));
    const result = await socket.run(query);
    expect(result.data ?? null).toBeNull();
    expect(codes(result)).toEqual(['BAD_REQUEST']);
    const message = (result.errors?.[0] as { message?: string } | undefined)?.message;
    expect(message).toContain(field);
    expect(message).toContain('HTTP');
    expect(await countNonces()).toBe(noncesBefore);
    // The socket stays open for what it may do.
    const allowed = await socket.run('{ signInParameters { domain } }');
    expect(allowed.errors).toBeUndefined();
    socket.dispose();
  });
});

describe('a server-sent-events subscription ends with its session', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  /** Signs the account in elsewhere until `stream` has shown it is listening (the SIGNED_IN arrives). */
  async function untilListening(
    stream: Awaited<ReturnType<typeof streamAccountEvents>>,
    on: TestServer = server,
  ) {
    const probe = await signedIn(on, 0);
    await waitFor(
      () => stream.events.some((event) => event.session.id === probe.sessionId),
      EVENT_BOUND_MS,
    );
    return probe;
  }

  it('delivers the sign-out of its own session, then ends', async () => {
    const { client, sessionId } = await signedIn(server, 0);
    const stream = await streamAccountEvents(client);
    await untilListening(stream);
    expect((await client.request('mutation { signOut }')).errors).toBeUndefined();
    await waitFor(() => stream.ended, EVENT_BOUND_MS);
    expect(stream.events.at(-1)).toEqual({ type: 'SIGNED_OUT', session: { id: sessionId } });
  });

  it('ends when another session revokes it', async () => {
    const { client, sessionId } = await signedIn(server, 0);
    const stream = await streamAccountEvents(client);
    const other = await untilListening(stream);
    const revoked = await other.client.request(`mutation { revokeSession(id: "${sessionId}") }`);
    expect(revoked.errors).toBeUndefined();
    await waitFor(() => stream.ended, EVENT_BOUND_MS);
    expect(stream.events.at(-1)).toEqual({ type: 'SESSION_REVOKED', session: { id: sessionId } });
  });

  it('delivers nothing more once its session ended without any event, and ends', async () => {
    const { client, sessionId } = await signedIn(server, 0);
    const stream = await streamAccountEvents(client);
    await untilListening(stream);
    const delivered = stream.events.length;
    await endSession(server.services.db, { id: sessionId, reason: 'REVOKED', now: server.clock() });
    // The account's next event finds the session over: the stream ends without it.
    await signedIn(server, 0);
    await waitFor(() => stream.ended, EVENT_BOUND_MS);
    expect(stream.events).toHaveLength(delivered);
  });

  it('ends when its session expires, with no event', async () => {
    const expiring = await startTestServer({
      env: { SESSION_IDLE_TIMEOUT: '1h', SESSION_MAX_AGE: '1h' },
    });
    try {
      const { client, sessionId } = await signedIn(expiring, 0);
      await moveClockToSessionEnd(expiring, sessionId);
      const stream = await streamAccountEvents(client);
      // Still live in its last millisecond: it delivers the probe's sign-in.
      const probe = await untilListening(stream, expiring);
      expiring.clock.advance(1);
      await waitFor(() => stream.ended, EVENT_BOUND_MS);
      expect(stream.events).toEqual([{ type: 'SIGNED_IN', session: { id: probe.sessionId } }]);
      await stream.cancel();
    } finally {
      await expiring.close();
    }
  });
});
