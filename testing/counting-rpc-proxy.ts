import { createServer, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Forwards JSON-RPC to a node and records every method that passes, so a test
 * can prove whether the server asked the chain at all (an EOA sign-in must
 * not) and what it asked.
 */
export type CountingRpcProxy = {
  url: string;
  /** Every JSON-RPC method forwarded so far, batches flattened, in order. */
  readonly methods: string[];
  /** How many HTTP requests arrived: a JSON-RPC batch is one. */
  readonly httpRequests: number;
  /** The headers of every HTTP request, in order: what a forwarder passed on. */
  readonly headers: IncomingHttpHeaders[];
  /** From now on, requests are recorded and never answered: a hung endpoint. */
  hang(): void;
  /** Answers again (requests held while hung stay unanswered). */
  resume(): void;
  close(): Promise<void>;
};

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function methodsOf(body: Buffer): string[] {
  try {
    const parsed = JSON.parse(body.toString()) as { method?: unknown } | { method?: unknown }[];
    return (Array.isArray(parsed) ? parsed : [parsed]).map((call) => String(call.method));
  } catch {
    return ['(unparseable)'];
  }
}

export async function startCountingRpcProxy(upstream: string): Promise<CountingRpcProxy> {
  const methods: string[] = [];
  const headers: IncomingHttpHeaders[] = [];
  let httpRequests = 0;
  let hung = false;
  const server = createServer(async (request, response) => {
    httpRequests += 1;
    headers.push(request.headers);
    const body = await readBody(request);
    methods.push(...methodsOf(body));
    if (hung) return;
    const answer = await fetch(upstream, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new Uint8Array(body),
    });
    response.writeHead(answer.status, { 'content-type': 'application/json' });
    response.end(await answer.text());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    methods,
    headers,
    get httpRequests() {
      return httpRequests;
    },
    hang: () => {
      hung = true;
    },
    resume: () => {
      hung = false;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
