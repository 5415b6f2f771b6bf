import { afterAll, beforeAll, expect, it } from 'vitest';
import { onFreePort } from '../../../testing/free-port.js';
import { repoRoot } from '../../../testing/repo-root.js';
import { type CappedChild, spawnCapped } from '../../../testing/spawn-capped.js';
import { TestClient, testAccount } from '../support/graphql-client.js';
import { OidcBrowser } from '../support/oidc-browser.js';
import { answerInteraction, interactionUid } from '../support/oidc-relying-party.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/**
 * The README's example relying party (examples/relying-party.mjs), run as a
 * reader runs it, against the real server: from "Sign in with Ethereum" to
 * its page showing the account id and the wallets.
 */
let server: TestServer;
let example: CappedChild;
let exampleUrl: string;

beforeAll(async () => {
  server = await onFreePort(async (port) => {
    exampleUrl = `http://localhost:${port}`;
    const clients = [
      {
        client_id: 'example-app',
        client_name: 'Example app',
        redirect_uris: [`${exampleUrl}/callback`],
      },
    ];
    const started = await startTestServer({ env: { OIDC_CLIENTS: JSON.stringify(clients) } });
    example = spawnCapped({
      command: process.execPath,
      args: ['examples/relying-party.mjs'],
      cwd: repoRoot,
      env: { ...process.env, ISSUER: `${started.origin}/oidc`, PORT: String(port) },
    });
    try {
      await example.waitUntilReady({
        what: 'the example app to listen',
        ready: async () => example.output().includes('Example app on'),
      });
    } catch (error) {
      // The example's port was taken before it bound it: both again on another.
      await example.stop();
      await started.close();
      throw error;
    }
    return started;
  });
});

afterAll(async () => {
  await example?.stop();
  await server?.close();
});

it('signs in to the example app with code + PKCE and shows the account id and wallets', async () => {
  const sigil = new TestClient(server);
  const signIn = await sigil.signInAs(testAccount(2));
  const accountId = signIn.data?.signIn.account.id as string;
  const browser = new OidcBrowser(server);
  browser.setCookie(sigil.cookie as string);

  const login = await fetch(`${exampleUrl}/login`, { redirect: 'manual' });
  const authorization = await browser.request(await OidcBrowser.location(login));
  const uid = interactionUid(await OidcBrowser.location(authorization));
  const callback = await answerInteraction(browser, uid, 'confirm');
  expect(callback.startsWith(`${exampleUrl}/callback?`)).toBe(true);

  const page = await (await fetch(callback)).text();
  expect(page).toContain('<h1>Signed in</h1>');
  expect(page).toContain(accountId);
  expect(page).toContain(`eip155:1:${testAccount(2).address}`);
  // The example asks for the roles too; this server has no access rules.
  expect(page).toContain('Roles: <span id="roles">none</span>');
  // The code was used once; the callback cannot be replayed.
  expect((await fetch(callback)).status).toBe(400);
});
