import { afterAll, beforeAll, expect, it } from 'vitest';
import { onFreePort } from '../../../testing/free-port.js';
import { repoRoot } from '../../../testing/repo-root.js';
import { type CappedChild, spawnCapped } from '../../../testing/spawn-capped.js';
import { waitFor } from '../../../testing/wait-for.js';
import { TestClient, testAccount } from '../support/graphql-client.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { newWebhookSecret, webhooksEnv } from '../support/webhook-receiver.js';

/**
 * docs/webhooks.md's example receiver (examples/receive-webhooks.mjs), run as
 * a reader runs it, against the real server: a sign-in reaches it, signed.
 */
let server: TestServer;
let example: CappedChild;

beforeAll(async () => {
  const secret = newWebhookSecret();
  example = await onFreePort(async (port) => {
    const child = spawnCapped({
      command: process.execPath,
      args: ['examples/receive-webhooks.mjs'],
      cwd: repoRoot,
      env: { ...process.env, PORT: String(port), WEBHOOK_SECRET: secret },
    });
    try {
      await child.waitUntilReady({
        what: 'the example receiver to listen',
        ready: async () => child.output().includes('Receiving webhooks on'),
      });
    } catch (error) {
      await child.stop();
      throw error;
    }
    server = await startTestServer({
      env: {
        WEBHOOKS: webhooksEnv([
          { id: 'example', url: `http://localhost:${port}/webhooks`, secret },
        ]),
      },
    });
    return child;
  });
});

afterAll(async () => {
  await example?.stop();
  await server?.close();
});

it('logs a verified session.created for a sign-in', async () => {
  const signIn = await new TestClient(server).signInAs(testAccount(1));
  expect(signIn.errors).toBeUndefined();
  const sessionId = signIn.data?.signIn.session.id as string;
  const line = () =>
    example
      .output()
      .split('\n')
      .find((text) => text.includes('session.created') && text.includes(sessionId));
  await waitFor(() => line() !== undefined, 15_000);
  expect(line()).toMatch(/^verified msg_\S+ session\.created \{/);
  expect(example.output()).not.toContain('rejected');
});
