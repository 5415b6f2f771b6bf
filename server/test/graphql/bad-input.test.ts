import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../support/graphql-client.js';
import { openProtocolSocket } from '../support/protocol-socket.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/** What no answer to a client's input may carry: an exception's text or a stack. */
const EXCEPTION_TEXT =
  /Unexpected message|Unexpected end|Error:|SyntaxError|Invalid URL|JSON\.parse|\n\s+at /;

/** One HTTP/1.1 request written by hand, for headers fetch refuses to send. */
function rawRequest(server: TestServer, head: string): Promise<{ status: number; text: string }> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) });
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      text += chunk;
    });
    socket.on('error', reject);
    socket.on('end', () =>
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]), text }),
    );
    socket.write(`${head}\r\nConnection: close\r\n\r\n`);
  });
}

describe('bad input gets a client error', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it.each([
    ['variables', 'variables={"a":'],
    ['extensions', 'extensions={nope'],
  ])('answers GET /graphql with malformed %s JSON with 400', async (_name, parameter) => {
    const response = await fetch(
      `${server.url}/graphql?query=${encodeURIComponent('{ signInParameters { domain } }')}&${parameter}`,
      { headers: { accept: 'application/json', 'x-graphql-yoga-csrf': '1' } },
    );
    expect(response.status).toBe(400);
    const body = (await response.json()) as { errors: { message: string; extensions?: object }[] };
    expect(JSON.stringify(body)).not.toContain('INTERNAL_SERVER_ERROR');
    expect(body.errors[0]?.message).not.toMatch(EXCEPTION_TEXT);
  });

  it.each([
    ['an array', '[]'],
    ['a JSON null', 'null'],
  ])('answers a POST body that is %s with 400 and no exception text', async (_name, body) => {
    const response = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/graphql-response+json',
      },
      body,
    });
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(text).not.toContain('INTERNAL_SERVER_ERROR');
    expect(text).not.toContain('originalError');
    expect(text).not.toMatch(EXCEPTION_TEXT);
  });

  it.each(['[::1', 'localhost:99999', 'a b'])(
    'answers a malformed Host header (%s) with 400',
    async (host) => {
      // Each of these paths answers 200 with a well-formed Host.
      for (const path of [
        `/graphql?query=${encodeURIComponent('{ me { id } }')}`,
        '/healthz',
        '/api/config',
      ]) {
        const { status, text } = await rawRequest(
          server,
          `GET ${path} HTTP/1.1\r\nHost: ${host}\r\nAccept: application/json\r\nx-graphql-yoga-csrf: 1`,
        );
        expect({ path, status }).toEqual({ path, status: 400 });
        expect(text).not.toMatch(EXCEPTION_TEXT);
      }
    },
  );

  it.each([
    ['connection_ack', { type: 'connection_ack' }],
    ['next', { type: 'next', id: '1', payload: { data: {} } }],
  ])(
    'closes a socket that sends the server-only message %s with 4400 and no exception text',
    async (_type, message) => {
      const socket = await openProtocolSocket(server);
      socket.send({ type: 'connection_init' });
      await socket.next((received) => received.type === 'connection_ack');
      socket.send(message);
      const { code, reason } = await socket.closed;
      expect(code).toBe(4400);
      expect(reason).not.toMatch(EXCEPTION_TEXT);
      // The server is unharmed.
      const result = await new TestClient(server).request('{ signInParameters { domain } }');
      expect(result.errors).toBeUndefined();
    },
  );
});
