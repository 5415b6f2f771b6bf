import { encodeBase58, formatSiwsMessage, SOLANA_CLUSTERS } from '@sigil/siwe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBackends } from '../support/each-database.js';
import { errorCode, TestClient, testAccount } from '../support/graphql-client.js';
import { prepareSolanaMessage, signInWithSolana } from '../support/solana-sign-in.js';
import { newSolanaKey } from '../support/solana-test-key.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/**
 * The sign-in policy (docs/sign-in.md) for Sign In With Solana over HTTP
 * against a running server, on both databases: the same refusals as the
 * EIP-4361 suite (sign-in-policy.test.ts), each reached by a real request
 * with the stable code of docs/api.md, and what the Solana form adds
 * (clusters, base58 signatures, the first line choosing the parser).
 */
const ME = `{ me {
  address
  wallets { address kind chainId namespace caip10 primary }
  sessions { current chainId chain address }
  signIns(first: 5) { edges { node { address chainId chain namespace walletKind } } }
} }`;

type Me = {
  me: {
    address: string;
    wallets: Record<string, unknown>[];
    sessions: Record<string, unknown>[];
    signIns: { edges: { node: Record<string, unknown> }[] };
  } | null;
};

describe.each(databaseBackends)('Solana sign-in policy on $name', ({ name, kind, available }) => {
  describe.skipIf(!available)(name, () => {
    let server: TestServer;
    const at = (offsetMs = 0) => new Date(server.clock() + offsetMs).toISOString();
    const signIn = (client: TestClient, key = newSolanaKey(), fields = {}) =>
      signInWithSolana(client, key, { issuedAt: at(), ...fields });

    beforeAll(async () => {
      server = await startTestServer({
        database: kind,
        env: { SOLANA_CLUSTERS: 'mainnet,devnet' },
      });
    });
    afterAll(() => server?.close());

    it('signs in a Solana key with a message its own code built, as an EOA with no chain id', async () => {
      const key = newSolanaKey();
      const client = new TestClient(server);
      const result = await signIn(client, key, { chainId: 'devnet' });
      expect(result.errors).toBeUndefined();
      expect(result.data?.signIn.account.address).toBe(key.address);
      expect(result.headers.get('set-cookie')).toMatch(/^sigil_session=/);

      const me = (await client.request<Me>(ME)).data?.me;
      expect(me?.address).toBe(key.address);
      expect(me?.wallets).toEqual([
        {
          address: key.address,
          kind: 'EOA',
          chainId: null,
          namespace: 'SOLANA',
          caip10: `${SOLANA_CLUSTERS.mainnet}:${key.address}`,
          primary: true,
        },
      ]);
      expect(me?.sessions).toEqual([
        { current: true, chainId: null, chain: SOLANA_CLUSTERS.devnet, address: key.address },
      ]);
      expect(me?.signIns.edges.map(({ node }) => node)).toEqual([
        {
          address: key.address,
          chainId: null,
          chain: SOLANA_CLUSTERS.devnet,
          namespace: 'SOLANA',
          walletKind: 'EOA',
        },
      ]);
    });

    it('opens the same account on every enabled cluster and in every spelling of it', async () => {
      const key = newSolanaKey();
      const ids = new Set<string>();
      for (const chainId of ['mainnet', 'solana:devnet', SOLANA_CLUSTERS.mainnet]) {
        const result = await signIn(new TestClient(server), key, { chainId });
        expect(result.errors, chainId).toBeUndefined();
        ids.add(result.data?.signIn.account.id ?? '');
      }
      expect(ids.size).toBe(1);
    });

    it('answers the enabled clusters in signInParameters', async () => {
      const result = await new TestClient(server).request<{
        signInParameters: { solanaClusters: { id: string; name: string }[] };
      }>('{ signInParameters { solanaClusters { id name } } }');
      expect(result.data?.signInParameters.solanaClusters).toEqual([
        { id: SOLANA_CLUSTERS.mainnet, name: 'mainnet' },
        { id: SOLANA_CLUSTERS.devnet, name: 'devnet' },
      ]);
    });

    it('refuses a replayed message with INVALID_NONCE', async () => {
      const key = newSolanaKey();
      const message = await prepareSolanaMessage(new TestClient(server), key, { issuedAt: at() });
      const signature = key.signMessage(message);
      expect((await new TestClient(server).signIn(message, signature)).errors).toBeUndefined();
      expect(errorCode(await new TestClient(server).signIn(message, signature))).toBe(
        'INVALID_NONCE',
      );
    });

    it('refuses a nonce this server never issued with INVALID_NONCE', async () => {
      const result = await signIn(new TestClient(server), newSolanaKey(), {
        nonce: 'abcdef0123456789',
      });
      expect(errorCode(result)).toBe('INVALID_NONCE');
    });

    it('refuses an expired nonce with INVALID_NONCE', async () => {
      const key = newSolanaKey();
      const client = new TestClient(server);
      const message = await prepareSolanaMessage(client, key, { issuedAt: at() });
      server.clock.advance(10 * 60_000 + 1_000);
      expect(errorCode(await client.signIn(message, key.signMessage(message)))).toBe(
        'INVALID_NONCE',
      );
    });

    it('consumes the nonce of a refused attempt: the right key cannot reuse it', async () => {
      const key = newSolanaKey();
      const client = new TestClient(server);
      const message = await prepareSolanaMessage(client, key, { issuedAt: at() });
      expect(errorCode(await client.signIn(message, newSolanaKey().signMessage(message)))).toBe(
        'INVALID_SIGNATURE',
      );
      expect(errorCode(await client.signIn(message, key.signMessage(message)))).toBe(
        'INVALID_NONCE',
      );
    });

    it('refuses a message for another domain with DOMAIN_MISMATCH, and burns its nonce', async () => {
      const key = newSolanaKey();
      const client = new TestClient(server);
      const nonce = await client.createNonce();
      const foreign = await prepareSolanaMessage(client, key, {
        nonce,
        domain: 'evil.example',
        issuedAt: at(),
      });
      expect(errorCode(await client.signIn(foreign, key.signMessage(foreign)))).toBe(
        'DOMAIN_MISMATCH',
      );
      const honest = await prepareSolanaMessage(client, key, { nonce, issuedAt: at() });
      expect(errorCode(await client.signIn(honest, key.signMessage(honest)))).toBe('INVALID_NONCE');
    });

    it('refuses a message whose URI is foreign with DOMAIN_MISMATCH', async () => {
      const result = await signIn(new TestClient(server), newSolanaKey(), {
        uri: 'https://evil.example/login',
      });
      expect(errorCode(result)).toBe('DOMAIN_MISMATCH');
    });

    it('refuses a request from a foreign Origin with DOMAIN_MISMATCH', async () => {
      const key = newSolanaKey();
      const message = await prepareSolanaMessage(new TestClient(server), key, { issuedAt: at() });
      const foreign = new TestClient(server, { origin: 'https://evil.example' });
      expect(errorCode(await foreign.signIn(message, key.signMessage(message)))).toBe(
        'DOMAIN_MISMATCH',
      );
    });

    it('refuses a cluster that is not enabled, or that Sigil does not know, with UNSUPPORTED_CHAIN', async () => {
      for (const chainId of ['testnet', SOLANA_CLUSTERS.testnet, 'localnet']) {
        const result = await signIn(new TestClient(server), newSolanaKey(), { chainId });
        expect(errorCode(result), chainId).toBe('UNSUPPORTED_CHAIN');
      }
    });

    it('refuses an expired message with MESSAGE_EXPIRED', async () => {
      const result = await signIn(new TestClient(server), newSolanaKey(), {
        expirationTime: at(-5 * 60_000),
      });
      expect(errorCode(result)).toBe('MESSAGE_EXPIRED');
    });

    it('refuses a message not valid yet with MESSAGE_NOT_YET_VALID', async () => {
      const result = await signIn(new TestClient(server), newSolanaKey(), {
        notBefore: at(60 * 60_000),
      });
      expect(errorCode(result)).toBe('MESSAGE_NOT_YET_VALID');
    });

    it('refuses a stale issued-at with MESSAGE_EXPIRED, a future one with MESSAGE_NOT_YET_VALID', async () => {
      expect(
        errorCode(
          await signIn(new TestClient(server), newSolanaKey(), { issuedAt: at(-3_600_000) }),
        ),
      ).toBe('MESSAGE_EXPIRED');
      expect(
        errorCode(
          await signIn(new TestClient(server), newSolanaKey(), { issuedAt: at(3_600_000) }),
        ),
      ).toBe('MESSAGE_NOT_YET_VALID');
    });

    it("refuses another key's signature with INVALID_SIGNATURE, and sets no cookie", async () => {
      const client = new TestClient(server);
      const message = await prepareSolanaMessage(client, newSolanaKey(), { issuedAt: at() });
      const result = await client.signIn(message, newSolanaKey().signMessage(message));
      expect(errorCode(result)).toBe('INVALID_SIGNATURE');
      expect(client.cookie).toBeUndefined();
    });

    it('refuses a signature of other bytes than the message sent with INVALID_SIGNATURE', async () => {
      const key = newSolanaKey();
      const client = new TestClient(server);
      const message = await prepareSolanaMessage(client, key, { issuedAt: at() });
      const shown = message.replace('Sign in to Sigil', 'Sign in to Sigil!');
      expect(errorCode(await client.signIn(message, key.signMessage(shown)))).toBe(
        'INVALID_SIGNATURE',
      );
    });

    it('refuses a key of small order, for which a signature of anything can be made', async () => {
      // The identity point: with R = identity and S = 0, OpenSSL accepts every message.
      const identity = new Uint8Array(32);
      identity[0] = 1;
      const forged = new Uint8Array(64);
      forged[0] = 1;
      const client = new TestClient(server);
      const message = await prepareSolanaMessage(
        client,
        { address: encodeBase58(identity), signBytes: () => forged, signMessage: () => '' },
        { issuedAt: at() },
      );
      expect(errorCode(await client.signIn(message, encodeBase58(forged)))).toBe(
        'INVALID_SIGNATURE',
      );
    });

    it('refuses a signature that is not base58 of 64 bytes with BAD_USER_INPUT', async () => {
      const key = newSolanaKey();
      const client = new TestClient(server);
      const message = await prepareSolanaMessage(client, key, { issuedAt: at() });
      const good = key.signBytes(message);
      const malformed = [
        '',
        '0OIl', // not base58 digits
        encodeBase58(good.subarray(0, 63)),
        encodeBase58(new Uint8Array([...good, 1])),
        `0x${Buffer.from(good).toString('hex')}`,
        Buffer.from(good).toString('base64'),
        '1'.repeat(10_000),
      ];
      for (const signature of malformed) {
        expect(errorCode(await client.signIn(message, signature)), signature.slice(0, 20)).toBe(
          'BAD_USER_INPUT',
        );
      }
      // Refused before the message was read: its nonce is still good.
      expect((await client.signIn(message, key.signMessage(message))).errors).toBeUndefined();
    });

    it('refuses mixed messages: each first line takes its own parser, which refuses the other family', async () => {
      const key = newSolanaKey();
      const ethereum = testAccount(0);
      const client = new TestClient(server);
      const solana = await prepareSolanaMessage(client, key, { issuedAt: at() });
      // A Solana first line over an Ethereum address.
      const overEthereum = solana.replace(key.address, ethereum.address);
      expect(errorCode(await client.signIn(overEthereum, key.signMessage(overEthereum)))).toBe(
        'INVALID_MESSAGE',
      );
      // An Ethereum first line over a Solana address, with an Ethereum signature.
      const ethereumHeader = solana.replace('Solana account:', 'Ethereum account:');
      expect(
        errorCode(
          await client.signIn(
            ethereumHeader,
            await ethereum.signMessage({ message: ethereumHeader }),
          ),
        ),
      ).toBe('INVALID_MESSAGE');
      // The signature of the other family: malformed for this one.
      expect(
        errorCode(await client.signIn(solana, await ethereum.signMessage({ message: solana }))),
      ).toBe('BAD_USER_INPUT');
      const siwe = await client.prepareMessage(ethereum, { issuedAt: at() });
      expect(errorCode(await client.signIn(siwe, key.signMessage(siwe)))).toBe('BAD_USER_INPUT');
    });

    it('refuses a truncated message and an oversized one with the message codes', async () => {
      const key = newSolanaKey();
      const client = new TestClient(server);
      const message = await prepareSolanaMessage(client, key, { issuedAt: at() });
      const truncated = message.slice(0, message.indexOf('Nonce:'));
      expect(errorCode(await client.signIn(truncated, key.signMessage(truncated)))).toBe(
        'INVALID_MESSAGE',
      );
      const oversized = `${message}\n${'a'.repeat(20_000)}`;
      expect(errorCode(await client.signIn(oversized, key.signMessage(oversized)))).toBe(
        'BAD_USER_INPUT',
      );
    });

    it('keeps base58 case: a message naming the key in another case names another key', async () => {
      const key = newSolanaKey();
      const client = new TestClient(server);
      const flipped = [...key.address]
        .map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()))
        .join('');
      const message = formatSiwsMessage({
        domain: new URL(server.origin).host,
        address: key.address,
        uri: server.origin,
        version: '1',
        chainId: 'mainnet',
        nonce: await client.createNonce(),
        issuedAt: at(),
      }).replace(key.address, flipped);
      // Either not an address at all, or another key's: never this key's sign-in.
      expect(['INVALID_MESSAGE', 'INVALID_SIGNATURE']).toContain(
        errorCode(await client.signIn(message, key.signMessage(message))),
      );
    });

    it('audits the sign-in and a refusal with the namespace and the chain', async () => {
      const key = newSolanaKey();
      const client = new TestClient(server);
      await signIn(client, key);
      const message = await prepareSolanaMessage(client, key, { issuedAt: at() });
      await client.signIn(message, newSolanaKey().signMessage(message));
      const rows = await server.services.db
        .selectFrom('audit_events')
        .select(['action', 'address', 'detail'])
        .where('address', '=', key.address)
        .orderBy('at')
        .execute();
      expect(rows.map((row) => [row.action, JSON.parse(row.detail ?? '{}')])).toEqual([
        [
          'sign_in',
          expect.objectContaining({
            namespace: 'solana',
            chainId: null,
            chain: SOLANA_CLUSTERS.mainnet,
            walletKind: 'EOA',
          }),
        ],
        [
          'sign_in_refused',
          expect.objectContaining({
            namespace: 'solana',
            chain: SOLANA_CLUSTERS.mainnet,
            code: 'INVALID_SIGNATURE',
          }),
        ],
      ]);
    });
  });
});

describe('Solana sign-in with SOLANA_CLUSTERS empty', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { SOLANA_CLUSTERS: '' } });
  });
  afterAll(() => server?.close());

  it('offers no cluster and refuses every Solana message with UNSUPPORTED_CHAIN', async () => {
    const client = new TestClient(server);
    const parameters = await client.request<{
      signInParameters: { solanaClusters: unknown[] };
    }>('{ signInParameters { solanaClusters { id } } }');
    expect(parameters.data?.signInParameters.solanaClusters).toEqual([]);
    // The header reads this instead of asking GraphQL, to offer no Solana button.
    const config = await server.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json()).toMatchObject({ solanaSignIn: false });
    const result = await signInWithSolana(client, newSolanaKey(), {
      issuedAt: new Date(server.clock()).toISOString(),
    });
    expect(errorCode(result)).toBe('UNSUPPORTED_CHAIN');
    // Ethereum sign-in is untouched.
    const ethereum = await client.signInAs(testAccount(0), {
      issuedAt: new Date(server.clock()).toISOString(),
    });
    expect(ethereum.errors).toBeUndefined();
  });
});

describe('Solana sign-in with the default SOLANA_CLUSTERS', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it('tells the browser at /api/config that Solana wallets may sign in', async () => {
    const config = await server.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json()).toMatchObject({ solanaSignIn: true });
  });

  it('accepts mainnet only', async () => {
    const issuedAt = new Date(server.clock()).toISOString();
    const key = newSolanaKey();
    expect(
      (await signInWithSolana(new TestClient(server), key, { issuedAt })).errors,
    ).toBeUndefined();
    expect(
      errorCode(
        await signInWithSolana(new TestClient(server), key, { issuedAt, chainId: 'devnet' }),
      ),
    ).toBe('UNSUPPORTED_CHAIN');
  });
});
