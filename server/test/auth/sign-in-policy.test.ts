import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../generated/index.js';
import { errorCode, TestClient, testAccount } from '../support/graphql-client.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const ME = graphql(`
  query SignInPolicyMe {
    me { address }
  }
`);

const SIGN_IN_PARAMETERS = graphql(`
  query SignInPolicySignInParameters {
    signInParameters { domain uri statement chains { id name } nonceTtlSeconds }
  }
`);

/**
 * The sign-in policy (docs/sign-in.md) over HTTP against a running server: each refusal reached by a
 * real request, with the stable code of docs/api.md.
 */
describe('sign-in policy', () => {
  let server: TestServer;
  const alice = testAccount(0);
  const mallory = testAccount(1);
  const at = (offsetMs = 0) => new Date(server.clock() + offsetMs).toISOString();

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('signs in an EOA, sets an HttpOnly SameSite=Lax cookie, and `me` answers', async () => {
    const client = new TestClient(server);
    const result = await client.signInAs(alice, { issuedAt: at() });
    expect(result.errors).toBeUndefined();
    expect(result.data?.signIn.account.address).toBe(alice.address);
    const cookie = result.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^sigil_session=[A-Za-z0-9_-]{43}; /);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).not.toContain('Secure');
    const me = await client.request(ME);
    expect(me.data?.me?.address).toBe(alice.address);
  });

  it('refuses a replayed message with INVALID_NONCE', async () => {
    const client = new TestClient(server);
    const message = await client.prepareMessage(alice, { issuedAt: at() });
    const signature = await alice.signMessage({ message });
    expect((await client.signIn(message, signature)).errors).toBeUndefined();
    expect(errorCode(await new TestClient(server).signIn(message, signature))).toBe(
      'INVALID_NONCE',
    );
  });

  it('refuses a nonce this server never issued with INVALID_NONCE', async () => {
    const client = new TestClient(server);
    const message = await client.prepareMessage(alice, {
      nonce: 'abcdef0123456789',
      issuedAt: at(),
    });
    expect(errorCode(await client.signIn(message, await alice.signMessage({ message })))).toBe(
      'INVALID_NONCE',
    );
  });

  it('refuses an expired nonce with INVALID_NONCE', async () => {
    const client = new TestClient(server);
    const message = await client.prepareMessage(alice, { issuedAt: at() });
    const signature = await alice.signMessage({ message });
    server.clock.advance(10 * 60_000 + 1_000);
    expect(errorCode(await client.signIn(message, signature))).toBe('INVALID_NONCE');
  });

  it('consumes the nonce of a failed attempt: a good signature cannot reuse it', async () => {
    const client = new TestClient(server);
    const message = await client.prepareMessage(alice, { issuedAt: at() });
    expect(errorCode(await client.signIn(message, await mallory.signMessage({ message })))).toBe(
      'INVALID_SIGNATURE',
    );
    expect(errorCode(await client.signIn(message, await alice.signMessage({ message })))).toBe(
      'INVALID_NONCE',
    );
  });

  it('refuses a message for a foreign domain with DOMAIN_MISMATCH, and burns its nonce', async () => {
    const client = new TestClient(server);
    const nonce = await client.createNonce();
    const foreign = await client.prepareMessage(alice, {
      nonce,
      domain: 'evil.example',
      issuedAt: at(),
    });
    expect(
      errorCode(await client.signIn(foreign, await alice.signMessage({ message: foreign }))),
    ).toBe('DOMAIN_MISMATCH');
    const honest = await client.prepareMessage(alice, { nonce, issuedAt: at() });
    expect(
      errorCode(await client.signIn(honest, await alice.signMessage({ message: honest }))),
    ).toBe('INVALID_NONCE');
  });

  it('refuses a message whose URI is foreign with DOMAIN_MISMATCH', async () => {
    const client = new TestClient(server);
    const result = await client.signInAs(alice, {
      uri: 'https://evil.example/login',
      issuedAt: at(),
    });
    expect(errorCode(result)).toBe('DOMAIN_MISMATCH');
  });

  it('refuses a request from a foreign Origin with DOMAIN_MISMATCH', async () => {
    const client = new TestClient(server, { origin: 'https://evil.example' });
    const message = await new TestClient(server).prepareMessage(alice, { issuedAt: at() });
    expect(errorCode(await client.signIn(message, await alice.signMessage({ message })))).toBe(
      'DOMAIN_MISMATCH',
    );
  });

  it('accepts a request without an Origin header (a non-browser client)', async () => {
    const client = new TestClient(server, { origin: null });
    expect((await client.signInAs(alice, { issuedAt: at() })).errors).toBeUndefined();
  });

  it('refuses a chain that is not enabled with UNSUPPORTED_CHAIN', async () => {
    const client = new TestClient(server);
    expect(errorCode(await client.signInAs(alice, { chainId: 1, issuedAt: at() }))).toBe(
      'UNSUPPORTED_CHAIN',
    );
  });

  it('refuses an expired message with MESSAGE_EXPIRED', async () => {
    const client = new TestClient(server);
    const result = await client.signInAs(alice, {
      issuedAt: at(),
      expirationTime: at(-5 * 60_000),
    });
    expect(errorCode(result)).toBe('MESSAGE_EXPIRED');
  });

  it('refuses a message not valid yet with MESSAGE_NOT_YET_VALID', async () => {
    const client = new TestClient(server);
    const result = await client.signInAs(alice, { issuedAt: at(), notBefore: at(60 * 60_000) });
    expect(errorCode(result)).toBe('MESSAGE_NOT_YET_VALID');
  });

  it('refuses a stale issued-at with MESSAGE_EXPIRED', async () => {
    const client = new TestClient(server);
    expect(errorCode(await client.signInAs(alice, { issuedAt: at(-60 * 60_000) }))).toBe(
      'MESSAGE_EXPIRED',
    );
  });

  it('refuses an issued-at before its nonce existed with MESSAGE_EXPIRED', async () => {
    const client = new TestClient(server);
    expect(errorCode(await client.signInAs(alice, { issuedAt: at(-5 * 60_000) }))).toBe(
      'MESSAGE_EXPIRED',
    );
  });

  it('refuses a future issued-at with MESSAGE_NOT_YET_VALID', async () => {
    const client = new TestClient(server);
    expect(errorCode(await client.signInAs(alice, { issuedAt: at(60 * 60_000) }))).toBe(
      'MESSAGE_NOT_YET_VALID',
    );
  });

  it("refuses another key's signature with INVALID_SIGNATURE", async () => {
    const client = new TestClient(server);
    const message = await client.prepareMessage(alice, { issuedAt: at() });
    const result = await client.signIn(message, await mallory.signMessage({ message }));
    expect(errorCode(result)).toBe('INVALID_SIGNATURE');
    expect(client.cookie).toBeUndefined();
  });

  it('refuses a malformed message with INVALID_MESSAGE', async () => {
    const client = new TestClient(server);
    const result = await client.signIn('please let me in', `0x${'11'.repeat(65)}`);
    expect(errorCode(result)).toBe('INVALID_MESSAGE');
  });

  it('refuses a truncated message with INVALID_MESSAGE', async () => {
    const client = new TestClient(server);
    const message = await client.prepareMessage(alice, { issuedAt: at() });
    const truncated = message.slice(0, message.indexOf('Nonce:'));
    const result = await client.signIn(truncated, await alice.signMessage({ message: truncated }));
    expect(errorCode(result)).toBe('INVALID_MESSAGE');
  });

  it('refuses an oversized message with BAD_USER_INPUT', async () => {
    const client = new TestClient(server);
    const message = await client.prepareMessage(alice, { issuedAt: at() });
    const result = await client.signIn(`${message}\n${'a'.repeat(20_000)}`, `0x${'11'.repeat(65)}`);
    expect(errorCode(result)).toBe('BAD_USER_INPUT');
  });

  it('refuses a signature that is not hex with BAD_USER_INPUT', async () => {
    const client = new TestClient(server);
    const message = await client.prepareMessage(alice, { issuedAt: at() });
    for (const signature of ['0xZZ', 'deadbeef', '0x123', '']) {
      expect(errorCode(await client.signIn(message, signature))).toBe('BAD_USER_INPUT');
    }
  });

  it('refuses operations that need a session with UNAUTHENTICATED', async () => {
    const client = new TestClient(server);
    const result = await client.request(
      'mutation { revokeSession(id: "00000000-0000-4000-8000-000000000000") }',
    );
    expect(errorCode(result)).toBe('UNAUTHENTICATED');
  });

  it('answers what a client needs to build a message', async () => {
    const client = new TestClient(server);
    const result = await client.request(SIGN_IN_PARAMETERS);
    expect(result.data?.signInParameters).toMatchObject({
      domain: new URL(server.origin).host,
      uri: server.origin,
      chains: [{ id: 31337, name: 'Hardhat' }],
      nonceTtlSeconds: 600,
    });
  });
});

describe('sign-in rate limit', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { RATE_LIMIT_PER_MINUTE: '3' } });
  });
  afterAll(() => server.close());

  it('answers RATE_LIMITED with retryAfterSeconds past RATE_LIMIT_PER_MINUTE, then recovers', async () => {
    const client = new TestClient(server);
    for (let i = 0; i < 3; i++) await client.createNonce();
    const limited = await client.request('mutation { createNonce { value } }');
    expect(errorCode(limited)).toBe('RATE_LIMITED');
    const retryAfter = limited.errors?.[0]?.extensions?.retryAfterSeconds as number;
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Sign-in attempts are counted on their own: a nonce flood does not lock them out.
    const signIn = await client.signInAs(testAccount(0), {
      nonce: 'abcdef0123456789',
      issuedAt: new Date(server.clock()).toISOString(),
    });
    expect(errorCode(signIn)).toBe('INVALID_NONCE');
    server.clock.advance(retryAfter * 1000);
    expect(await client.createNonce()).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('contract-wallet checks per client', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { CHAIN_CHECKS_PER_MINUTE: '2' } });
  });
  afterAll(() => server.close());

  it('refuses a sign-in that would ask the chain past CHAIN_CHECKS_PER_MINUTE with RATE_LIMITED, never an EOA one', async () => {
    const client = new TestClient(server);
    const issuedAt = () => new Date(server.clock()).toISOString();
    // Another key's signature for a fresh address: only the chain could accept it.
    const wrongSignIn = async () => {
      const address = privateKeyToAccount(generatePrivateKey());
      const message = await client.prepareMessage(address, { issuedAt: issuedAt() });
      return client.signIn(message, await testAccount(1).signMessage({ message }));
    };
    expect(errorCode(await wrongSignIn())).toBe('INVALID_SIGNATURE');
    expect(errorCode(await wrongSignIn())).toBe('INVALID_SIGNATURE');
    const limited = await wrongSignIn();
    expect(errorCode(limited)).toBe('RATE_LIMITED');
    const retryAfter = limited.errors?.[0]?.extensions?.retryAfterSeconds as number;
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(
      (await client.signInAs(testAccount(2), { issuedAt: issuedAt() })).errors,
    ).toBeUndefined();
    server.clock.advance(retryAfter * 1000);
    expect(errorCode(await wrongSignIn())).toBe('INVALID_SIGNATURE');
  });
});
