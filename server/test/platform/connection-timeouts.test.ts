import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.js';

/**
 * The connection timeouts docs/operations.md ("Limits") lists, as the
 * running server has them: Fastify's and Node's defaults, which an upgrade of
 * either could change without a line of ours changing. Read, not waited for.
 */
describe('connection timeouts', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it('closes an idle keep-alive connection after 72 s and answers 408 to a request head not complete within 60 s; bounds neither a whole request nor a quiet connection', () => {
    const http = server.app.server;
    expect({
      headersTimeout: http.headersTimeout,
      keepAliveTimeout: http.keepAliveTimeout,
      requestTimeout: http.requestTimeout,
      timeout: http.timeout,
    }).toEqual({ headersTimeout: 60_000, keepAliveTimeout: 72_000, requestTimeout: 0, timeout: 0 });
    expect(server.app.initialConfig).toMatchObject({
      connectionTimeout: 0,
      keepAliveTimeout: 72_000,
      requestTimeout: 0,
    });
  });
});
