import { EventEmitter, on } from 'node:events';
import type { AddressInfo } from 'node:net';
import { buildSchema } from 'graphql';
// Renamed: it is graphql-ws's server for `ws`, not a React hook.
import { useServer as serveGraphqlWs } from 'graphql-ws/use/ws';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { createSubscriptionClient, type SubscriptionClient } from './create-subscription-client';

const schema = buildSchema(`
  type Query { ok: Boolean }
  type Subscription { ticks: Int! }
`);

/** A real graphql-ws server on 127.0.0.1 that counts the connections it accepts. */
function startServer() {
  const ticks = new EventEmitter();
  let connections = 0;
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  serveGraphqlWs(
    {
      schema,
      roots: {
        subscription: {
          ticks: async function* () {
            for await (const [value] of on(ticks, 'tick')) yield { ticks: value as number };
          },
        },
      },
      onConnect: () => {
        connections += 1;
      },
    },
    wss,
  );
  return new Promise<{
    url: string;
    tick(value: number): void;
    connections(): number;
    dropAll(): void;
    close(): Promise<void>;
  }>((resolve) => {
    wss.on('listening', () => {
      const { port } = wss.address() as AddressInfo;
      resolve({
        url: `ws://127.0.0.1:${port}/graphql`,
        tick: (value) => ticks.emit('tick', value),
        connections: () => connections,
        dropAll: () => {
          for (const socket of wss.clients) socket.close(4401, 'Unauthorized');
        },
        close: () =>
          new Promise((done) => {
            for (const socket of wss.clients) socket.terminate();
            wss.close(() => done());
          }),
      });
    });
  });
}

async function eventually(check: () => boolean, timeoutMs = 3_000) {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('createSubscriptionClient', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let subscriptions: SubscriptionClient;
  beforeEach(async () => {
    server = await startServer();
    subscriptions = createSubscriptionClient({ url: server.url });
  });
  afterEach(async () => {
    await subscriptions.client.dispose();
    await server.close();
  });

  function subscribe() {
    const received: number[] = [];
    const unsubscribe = subscriptions.client.subscribe<{ ticks: number }>(
      { query: 'subscription { ticks }' },
      {
        next: ({ data }) => data && received.push(data.ticks),
        error: () => {},
        complete: () => {},
      },
    );
    return { received, unsubscribe };
  }

  it('opens no socket until something subscribes', async () => {
    subscriptions.restart();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.connections()).toBe(0);
  });

  it('reopens the socket on restart, and the subscription carries on over the new one', async () => {
    const { received } = subscribe();
    await eventually(() => server.connections() === 1);
    subscriptions.restart();
    // At once, not after graphql-ws's reconnect backoff (1 s and more).
    await expect.poll(() => server.connections(), { timeout: 500, interval: 10 }).toBe(2);
    // The server side of the new socket subscribes a moment after connecting.
    await expect
      .poll(
        () => {
          server.tick(7);
          return received;
        },
        { timeout: 5_000, interval: 10 },
      )
      .toContain(7);
  });

  it('tells its listeners when the socket closes', async () => {
    let closed = 0;
    subscriptions.onClosed(() => {
      closed += 1;
    });
    subscribe();
    await eventually(() => server.connections() === 1);
    server.dropAll();
    await eventually(() => closed === 1);
  });
});
