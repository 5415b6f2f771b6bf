import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceAvailable } from '../../../testing/services.js';
import { TestClient, testAccount } from '../support/graphql-client.js';
import {
  captureLogs,
  type LogCapture,
  startTestServer,
  type TestServer,
} from '../support/test-server.js';

describe.each([
  { database: 'sqlite' as const, available: true },
  { database: 'postgres' as const, available: await serviceAvailable('PostgreSQL') },
])('health on $database', ({ database, available }) => {
  describe.skipIf(!available)(database, () => {
    let server: TestServer;

    beforeAll(async () => {
      server = await startTestServer({ database });
    });
    afterAll(() => server?.close());

    it('answers /healthz with 200 while the process is up', async () => {
      const response = await fetch(`${server.url}/healthz`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: 'ok' });
      expect(response.headers.get('cache-control')).toBe('no-store');
    });

    it('answers /readyz with 200 while the database answers, and 503 once it is gone', async () => {
      const ready = await fetch(`${server.url}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: 'ready', database: 'ok' });

      await server.services.store.close();
      const unready = await fetch(`${server.url}/readyz`);
      expect(unready.status).toBe(503);
      expect(await unready.json()).toEqual({ status: 'unavailable', database: 'unreachable' });
      // The process itself is still up: a load balancer should wait, not restart it.
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    });
  });
});

describe('logs', () => {
  let server: TestServer;
  let logs: LogCapture;

  beforeAll(async () => {
    logs = captureLogs('debug');
    server = await startTestServer({ logger: logs.logger });
  });
  afterAll(() => server?.close());

  it('never contain the session token or the cookie, even at debug level', async () => {
    const client = new TestClient(server);
    const signedIn = await client.signInAs(testAccount(0), {
      issuedAt: new Date(server.clock()).toISOString(),
    });
    expect(signedIn.errors).toBeUndefined();
    const cookie = client.cookie ?? '';
    const token = cookie.split('=')[1] ?? '';
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // Requests that carry the cookie, one of them failing, and the sign-out that clears it.
    expect((await client.request('{ me { address sessions { id } } }')).errors).toBeUndefined();
    await client.request('{ me { signIns(first: -1) { edges { cursor } } } }');
    await client.request('mutation { signOut }');

    const text = logs.text();
    // The capture saw the requests: an empty log would prove nothing.
    const completed = logs.records().filter((record) => record.msg === 'request completed');
    expect(completed.length).toBeGreaterThanOrEqual(4);
    // One access line per request at info, with what an operator looks for.
    for (const line of completed) {
      expect(line).toMatchObject({
        req: { method: expect.any(String), url: expect.any(String) },
        res: { statusCode: expect.any(Number) },
        responseTime: expect.any(Number),
      });
    }
    // A request's arrival is a debug line (this capture is at debug); info has only the one above.
    const arrivals = logs.records().filter((record) => record.msg === 'incoming request');
    expect(arrivals.length).toBe(completed.length);
    expect(arrivals.every((record) => record.level === 20)).toBe(true);
    expect(completed.every((record) => record.level === 30)).toBe(true);
    expect(text).not.toContain(token);
    expect(text).not.toContain(cookie);
    expect(text).not.toMatch(/sigil_session=/);
  });
});
