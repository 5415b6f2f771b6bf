import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Thrown from `answer`, it becomes the JSON-RPC error of that request (4001: the user rejected). */
export class JsonRpcAnswerError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

type JsonRpcRequest = { jsonrpc: '2.0'; id: number; method: string; params?: unknown[] };

export type JsonRpcServer = {
  url: string;
  /** Every HTTP request body received, parsed: an object, or an array for a batch. */
  bodies: (JsonRpcRequest | JsonRpcRequest[])[];
  close(): Promise<void>;
};

async function readBody(request: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of request) body += chunk;
  return body;
}

/**
 * A local JSON-RPC endpoint on 127.0.0.1 answering from `answer(method, params)`, so
 * chain reads in tests are real HTTP requests that never leave the machine.
 */
export async function startJsonRpcServer(
  answer: (method: string, params: unknown[]) => unknown,
): Promise<JsonRpcServer> {
  const bodies: JsonRpcServer['bodies'] = [];
  const respond = (request: JsonRpcRequest) => {
    try {
      return {
        jsonrpc: '2.0',
        id: request.id,
        result: answer(request.method, request.params ?? []),
      };
    } catch (error) {
      // A thrown JsonRpcAnswerError is the endpoint's JSON-RPC error; anything else a test bug.
      if (!(error instanceof JsonRpcAnswerError)) throw error;
      return {
        jsonrpc: '2.0',
        id: request.id,
        error: { code: error.code, message: error.message },
      };
    }
  };
  const server = createServer(async (request, response) => {
    const body = JSON.parse(await readBody(request)) as JsonRpcRequest | JsonRpcRequest[];
    bodies.push(body);
    const result = Array.isArray(body) ? body.map(respond) : respond(body);
    response.writeHead(200, {
      'content-type': 'application/json',
      'access-control-allow-origin': '*',
    });
    response.end(JSON.stringify(result));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    bodies,
    close: () =>
      new Promise((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Keep-alive sockets of the fetch clients would hold close() for seconds.
        server.closeAllConnections();
      }),
  };
}
