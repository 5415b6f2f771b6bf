import { once } from 'node:events';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { repoRoot } from '../../../testing/repo-root.js';
import { type CappedChild, spawnCapped } from '../../../testing/spawn-capped.js';
import { graphql } from '../generated/index.js';
import { testAccount } from '../support/graphql-client.js';
import { signedIn } from '../support/signed-in.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const APPROVE = graphql(`
  mutation DeviceExampleApprove($code: String!) {
    approveDeviceLogin(userCode: $code) { clientId }
  }
`);

/**
 * The docs' example device (examples/device-login.mjs), run as a reader runs
 * it, with the client docs/oidc.md configures: it prints the link, the code
 * and a QR code, and once the person approves, their claims.
 */
let server: TestServer;
let example: CappedChild;
/** Its output streams have closed: everything it wrote has been read ('exit' may come first). */
let outputClosed: Promise<unknown>;

beforeAll(async () => {
  const clients = [
    {
      client_id: 'example-device',
      client_name: 'Example device',
      grant_types: ['urn:ietf:params:oauth:grant-type:device_code', 'refresh_token'],
    },
  ];
  server = await startTestServer({ env: { OIDC_CLIENTS: JSON.stringify(clients) } });
  example = spawnCapped({
    command: process.execPath,
    args: ['examples/device-login.mjs'],
    cwd: repoRoot,
    env: { ...process.env, ISSUER: `${server.origin}/oidc` },
  });
  outputClosed = once(example.child, 'close');
});

afterAll(async () => {
  await example?.stop();
  await server?.close();
});

it('prints the link, the code and a QR code, and the claims once the person approves', async () => {
  await example.waitUntilReady({
    what: 'the example to print its code',
    ready: async () => example.output().includes('Waiting for your answer'),
  });
  const printed = example.output();
  const code = /enter the code ([BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4})/.exec(
    printed,
  )?.[1];
  expect(code).toBeDefined();
  expect(printed).toContain(`open ${server.origin}/device?code=${code}`);
  // The QR code: a square of dark and light terminal blocks, hundreds of each.
  expect(printed.split('[40m  ').length).toBeGreaterThan(200);

  const person = await signedIn(server, testAccount(2));
  const approved = await person.client.request(APPROVE, { code: code as string });
  expect(approved.errors).toBeUndefined();
  await example.waitUntilReady({
    what: 'the example to print the claims',
    ready: async () => example.output().includes('Your claims:'),
  });
  // The claims follow "Your claims:" in later writes: all of them are read once its output closes.
  expect(await example.exited).toBe(0);
  await outputClosed;
  expect(example.output()).toContain(`"sub": "${person.accountId}"`);
  expect(example.output()).toContain(`"eip155:1:${testAccount(2).address}"`);
});
