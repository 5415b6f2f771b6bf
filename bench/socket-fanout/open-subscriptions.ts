import { type Client, createClient } from 'graphql-ws';
import WebSocket from 'ws';

/**
 * Opens one graphql-ws socket per subscriber and subscribes each to a query,
 * recording when each event arrives. Sockets are spread over loopback
 * addresses (127.0.0.2, .3, …), 200 to an address, as many clients would be:
 * one address may hold only so many sockets (docs/operations.md: limits per client).
 */
export type Subscriber = {
  /** Sent as the upgrade's cookie. */
  cookie?: string;
  /** The subscription to run on the socket. */
  query: string;
};

export type OpenSubscriptions = {
  /** Resolves when subscriber `index` receives an event that `matches`. */
  nextEvent(index: number, matches: (data: unknown) => boolean): Promise<number>;
  close(): Promise<void>;
};

const SOCKETS_PER_ADDRESS = 200;

export async function openSubscriptions(p: {
  url: string;
  origin: string;
  subscribers: Subscriber[];
}): Promise<OpenSubscriptions> {
  const waiters = new Map<number, { matches(data: unknown): boolean; resolve(at: number): void }>();
  const clients: Client[] = [];
  await Promise.all(
    p.subscribers.map(async (subscriber, index) => {
      const localAddress = `127.0.0.${2 + Math.floor(index / SOCKETS_PER_ADDRESS)}`;
      const headers = { origin: p.origin, ...(subscriber.cookie && { cookie: subscriber.cookie }) };
      let connected!: () => void;
      const ready = new Promise<void>((resolve) => {
        connected = resolve;
      });
      const client = createClient({
        url: p.url,
        lazy: false,
        retryAttempts: 0,
        // A socket closed by its session's end is expected here, not worth printing.
        onNonLazyError: () => {},
        on: { connected: () => connected() },
        webSocketImpl: class extends WebSocket {
          constructor(address: string, protocols?: string | string[]) {
            super(address, protocols, { headers, localAddress });
          }
        },
      });
      clients.push(client);
      client.subscribe(
        { query: subscriber.query },
        {
          next: (value) => {
            const waiter = waiters.get(index);
            if (waiter?.matches(value.data)) {
              waiters.delete(index);
              waiter.resolve(performance.now());
            }
          },
          error: () => {},
          complete: () => {},
        },
      );
      await ready;
    }),
  );
  return {
    nextEvent: (index, matches) =>
      new Promise((resolve) => {
        waiters.set(index, { matches, resolve });
      }),
    close: async () => {
      await Promise.all(clients.map((client) => client.dispose()));
    },
  };
}
