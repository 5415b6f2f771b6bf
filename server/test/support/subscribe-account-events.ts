import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import type { TestClient } from './graphql-client.js';

export type ReceivedEvent = { type: string; session: { id: string } };

/**
 * Opens a graphql-ws socket as the given client (its cookie, its Origin) and
 * subscribes to accountEvents, recording events, errors and the close code.
 */
export async function subscribeAccountEvents(client: TestClient, origin = client.server.origin) {
  const events: ReceivedEvent[] = [];
  const errors: unknown[] = [];
  let closeCode: number | undefined;
  let closedAt: number | undefined;
  const headers = { ...(client.cookie && { cookie: client.cookie }), ...(origin && { origin }) };
  const url = `${client.server.url.replace(/^http/, 'ws')}/graphql`;
  let opened!: () => void;
  const open = new Promise<void>((resolve) => {
    opened = resolve;
  });
  const ws = createClient({
    url,
    retryAttempts: 0,
    lazy: false,
    webSocketImpl: class extends WebSocket {
      constructor(address: string, protocols?: string | string[]) {
        super(address, protocols, { headers });
      }
    },
    on: {
      connected: () => opened(),
      closed: (event) => {
        closeCode = (event as { code?: number }).code;
        closedAt = Date.now();
        opened();
      },
    },
  });
  const done = new Promise<void>((resolve) => {
    ws.subscribe<{ accountEvents: ReceivedEvent }>(
      { query: 'subscription { accountEvents { type at session { id current } } }' },
      {
        next: (value) => {
          if (value.data) events.push(value.data.accountEvents);
          if (value.errors) errors.push(...value.errors);
        },
        error: (error) => {
          errors.push(error);
          resolve();
        },
        complete: () => resolve(),
      },
    );
  });
  await open;
  // Give the server a moment to register the subscription before events flow.
  await new Promise((resolve) => setTimeout(resolve, 100));
  return {
    events,
    errors,
    done,
    get closeCode() {
      return closeCode;
    },
    get closedAt() {
      return closedAt;
    },
    dispose: () => ws.dispose(),
  };
}

export async function waitFor(condition: () => boolean, timeoutMs = 3000): Promise<number> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return Date.now() - start;
}
