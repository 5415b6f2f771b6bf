import WebSocket from 'ws';

export type Closed = { code: number; reason: string };

export type ProtocolSocket = {
  /** Sends a frame as it is: text, or any value as JSON. */
  send(message: unknown): void;
  /** Every message the server sent, parsed. */
  received: Record<string, unknown>[];
  /** Every message the server sent, as the text it sent. */
  raw: string[];
  /** The first message that matches, or the close that came first. */
  next(matches: (message: Record<string, unknown>) => boolean): Promise<unknown>;
  /** Resolves once the socket has closed, whichever side closed it. */
  closed: Promise<Closed>;
  isOpen(): boolean;
  close(): Promise<Closed>;
};

/**
 * A graphql-transport-ws socket spoken by hand, so a test can send what no
 * client library would: it records what the server answers and how the
 * socket closes.
 */
export async function openProtocolSocket(
  server: { url: string; origin: string },
  options: { cookie?: string | undefined; headers?: Record<string, string> } = {},
): Promise<ProtocolSocket> {
  const ws = new WebSocket(`${server.url.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws', {
    headers: {
      origin: server.origin,
      ...(options.cookie && { cookie: options.cookie }),
      ...options.headers,
    },
  });
  const received: Record<string, unknown>[] = [];
  const raw: string[] = [];
  const waiters = new Set<{
    matches(message: Record<string, unknown>): boolean;
    resolve(value: unknown): void;
  }>();
  const closed = new Promise<Closed>((resolve) =>
    ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  ws.on('message', (data) => {
    raw.push(String(data));
    const message = JSON.parse(String(data)) as Record<string, unknown>;
    received.push(message);
    for (const waiter of waiters) {
      if (!waiter.matches(message)) continue;
      waiters.delete(waiter);
      waiter.resolve(message);
    }
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return {
    send: (message) => ws.send(typeof message === 'string' ? message : JSON.stringify(message)),
    received,
    raw,
    next(matches) {
      const found = received.find(matches);
      if (found) return Promise.resolve(found);
      if (ws.readyState === ws.CLOSED) return closed;
      return Promise.race([new Promise((resolve) => waiters.add({ matches, resolve })), closed]);
    },
    closed,
    isOpen: () => ws.readyState === ws.OPEN,
    close() {
      if (ws.readyState === ws.OPEN || ws.readyState === ws.CONNECTING) ws.close(1000);
      return closed;
    },
  };
}
