import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeSolanaSignature, SOLANA_CLUSTERS } from '@sigil/siwe';
import { verifySolanaSignature } from '@sigil/siwe/solana-verify';
import type { LocalAccount } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAccountClaims } from '../../src/oidc/account-claims.js';
import { databaseBackends } from '../support/each-database.js';
import { errorCode, TestClient } from '../support/graphql-client.js';
import { INDEX_HTML, pageHead, updateProfile } from '../support/profile-requests.js';
import { signedIn } from '../support/signed-in.js';
import { prepareSolanaMessage, signedInWithSolana } from '../support/solana-sign-in.js';
import { newSolanaKey, type SolanaTestKey } from '../support/solana-test-key.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/**
 * Solana wallets beside Ethereum ones on one account (docs/wallets.md), over
 * HTTP on both databases: linking either way, either wallet opening the
 * account, the rules every wallet follows (WALLET_ALREADY_LINKED,
 * LAST_WALLET, primary, public), the public profile and its proof, the OIDC
 * `wallets` claim, ADMIN_ADDRESSES, the console's search and the webhooks.
 */
const newKey = () => privateKeyToAccount(generatePrivateKey());
const WALLET = 'address kind chainId namespace caip10 primary public';
const WEBHOOK_SECRET = `whsec_${Buffer.alloc(24, 7).toString('base64')}`;

type Wallet = {
  address: string;
  kind: string;
  chainId: number | null;
  namespace: string;
  caip10: string;
  primary: boolean;
  public: boolean;
};

async function walletsOf(client: TestClient): Promise<Wallet[]> {
  const result = await client.request<{ me: { wallets: Wallet[] } | null }>(
    `{ me { wallets { ${WALLET} } } }`,
  );
  if (!result.data?.me) throw new Error(`not signed in: ${JSON.stringify(result.errors)}`);
  return result.data.me.wallets;
}

async function linkStatementOf(client: TestClient): Promise<string> {
  const result = await client.request<{ me: { linkStatement: string } }>(
    '{ me { linkStatement } }',
  );
  return result.data?.me.linkStatement ?? '';
}

function linkWallet(client: TestClient, message: string, signature: string) {
  return client.request<{ linkWallet: Wallet }>(
    `mutation($m: String!, $s: String!) { linkWallet(message: $m, signature: $s) { ${WALLET} } }`,
    { m: message, s: signature },
  );
}

async function linkSolana(client: TestClient, server: TestServer, key: SolanaTestKey) {
  const message = await prepareSolanaMessage(client, key, {
    statement: await linkStatementOf(client),
    issuedAt: new Date(server.clock()).toISOString(),
  });
  return linkWallet(client, message, key.signMessage(message));
}

async function linkEthereum(client: TestClient, server: TestServer, key: LocalAccount) {
  const message = await client.prepareMessage(key, {
    statement: await linkStatementOf(client),
    issuedAt: new Date(server.clock()).toISOString(),
  });
  return linkWallet(client, message, await key.signMessage({ message }));
}

describe.each(databaseBackends)('Solana wallets on $name', ({ name, kind, available }) => {
  describe.skipIf(!available)(name, () => {
    let server: TestServer;
    let webRoot: string;
    const admin = newSolanaKey();
    const friend = newSolanaKey();

    beforeAll(async () => {
      webRoot = mkdtempSync(join(tmpdir(), 'sigil-solana-web-'));
      writeFileSync(join(webRoot, 'index.html'), INDEX_HTML);
      server = await startTestServer({
        database: kind,
        webRoot,
        env: {
          SOLANA_CLUSTERS: 'mainnet,devnet',
          ADMIN_ADDRESSES: admin.address,
          ACCESS_RULES: JSON.stringify([
            { role: 'friend', any: [{ type: 'allowlist', addresses: [friend.address] }] },
          ]),
          WEBHOOKS: JSON.stringify([
            { id: 'crm', url: 'http://127.0.0.1:9/hooks', secret: WEBHOOK_SECRET },
          ]),
        },
      });
    });
    afterAll(async () => {
      await server?.close();
      rmSync(webRoot, { recursive: true, force: true });
    });

    it('links a Solana wallet to an Ethereum account, and either wallet opens it', async () => {
      const ethereum = newKey();
      const solana = newSolanaKey();
      const { client, accountId } = await signedIn(server, ethereum);
      const linked = await linkSolana(client, server, solana);
      expect(linked.errors).toBeUndefined();
      expect(linked.data?.linkWallet).toEqual({
        address: solana.address,
        kind: 'EOA',
        chainId: null,
        namespace: 'SOLANA',
        caip10: `${SOLANA_CLUSTERS.mainnet}:${solana.address}`,
        primary: false,
        public: false,
      });
      expect((await walletsOf(client)).map((w) => [w.namespace, w.caip10])).toEqual([
        ['EIP155', `eip155:1:${ethereum.address}`],
        ['SOLANA', `${SOLANA_CLUSTERS.mainnet}:${solana.address}`],
      ]);
      const bySolana = await signedInWithSolana(server, solana, new TestClient(server), {
        chainId: 'devnet',
      });
      expect(bySolana.accountId).toBe(accountId);
      expect((await signedIn(server, ethereum)).accountId).toBe(accountId);
    });

    it('links an Ethereum wallet to a Solana account, and either wallet opens it', async () => {
      const solana = newSolanaKey();
      const ethereum = newKey();
      const { client, accountId } = await signedInWithSolana(
        server,
        solana,
        new TestClient(server),
      );
      const linked = await linkEthereum(client, server, ethereum);
      expect(linked.errors).toBeUndefined();
      expect(linked.data?.linkWallet).toMatchObject({ namespace: 'EIP155', kind: 'EOA' });
      expect((await signedIn(server, ethereum)).accountId).toBe(accountId);
      expect((await signedInWithSolana(server, solana, new TestClient(server))).accountId).toBe(
        accountId,
      );
    });

    it('refuses a Solana wallet of another account with WALLET_ALREADY_LINKED', async () => {
      const solana = newSolanaKey();
      await signedInWithSolana(server, solana, new TestClient(server));
      const { client } = await signedIn(server, newKey());
      expect(errorCode(await linkSolana(client, server, solana))).toBe('WALLET_ALREADY_LINKED');
      expect(await walletsOf(client)).toHaveLength(1);
    });

    it('refuses a Solana link with a malformed signature or message with the sign-in codes', async () => {
      const { client } = await signedIn(server, newKey());
      const key = newSolanaKey();
      const message = await prepareSolanaMessage(client, key, {
        statement: await linkStatementOf(client),
        issuedAt: new Date(server.clock()).toISOString(),
      });
      // The other family's signature, and the other family's message under a Solana signature.
      expect(errorCode(await linkWallet(client, message, `0x${'11'.repeat(65)}`))).toBe(
        'BAD_USER_INPUT',
      );
      const siwe = await client.prepareMessage(newKey(), {
        statement: await linkStatementOf(client),
        issuedAt: new Date(server.clock()).toISOString(),
      });
      expect(errorCode(await linkWallet(client, siwe, key.signMessage(siwe)))).toBe(
        'BAD_USER_INPUT',
      );
      // A sign-in message (the wrong statement) is no link message.
      const signInMessage = await prepareSolanaMessage(client, key, {
        issuedAt: new Date(server.clock()).toISOString(),
      });
      expect(
        errorCode(await linkWallet(client, signInMessage, key.signMessage(signInMessage))),
      ).toBe('INVALID_MESSAGE');
      expect(
        errorCode(await linkWallet(client, message, newSolanaKey().signMessage(message))),
      ).toBe('INVALID_SIGNATURE');
      expect(await walletsOf(client)).toHaveLength(1);
    });

    it('makes a Solana wallet primary, refuses to unlink the last one, and unlinks by base58', async () => {
      const solana = newSolanaKey();
      const ethereum = newKey();
      const { client } = await signedIn(server, ethereum);
      await linkSolana(client, server, solana);
      const primary = await client.request<{ setPrimaryWallet: Wallet }>(
        `mutation($a: Address!) { setPrimaryWallet(address: $a) { ${WALLET} } }`,
        { a: solana.address },
      );
      expect(primary.data?.setPrimaryWallet).toMatchObject({
        address: solana.address,
        primary: true,
      });
      const me = await client.request<{ me: { address: string } }>('{ me { address } }');
      expect(me.data?.me.address).toBe(solana.address);

      const unlink = (address: string) =>
        client.request<{ unlinkWallet: boolean }>(
          'mutation($a: Address!) { unlinkWallet(address: $a) }',
          { a: address },
        );
      expect((await unlink(ethereum.address)).data?.unlinkWallet).toBe(true);
      // Signed in with the unlinked Ethereum wallet, this client's session ended with it.
      const solanaClient = (await signedInWithSolana(server, solana, new TestClient(server)))
        .client;
      expect(errorCode(await unlink(solana.address))).toBe('UNAUTHENTICATED');
      const last = await solanaClient.request<{ unlinkWallet: boolean }>(
        'mutation($a: Address!) { unlinkWallet(address: $a) }',
        { a: solana.address },
      );
      expect(errorCode(last)).toBe('LAST_WALLET');
    });

    it('refuses a base58 address in another case as no address of the account', async () => {
      const solana = newSolanaKey();
      const { client } = await signedInWithSolana(server, solana, new TestClient(server));
      const lower = solana.address.toLowerCase();
      const result = await client.request(
        'mutation($a: Address!) { setPrimaryWallet(address: $a) { address } }',
        { a: lower },
      );
      expect(errorCode(result)).toBe('BAD_USER_INPUT');
    });

    it('publishes a Solana wallet with a proof the visitor can verify, by /u/<base58> too', async () => {
      const ethereum = newKey();
      const solana = newSolanaKey();
      const { client } = await signedIn(server, ethereum);
      await linkSolana(client, server, solana);
      await updateProfile(client, { public: true, displayName: 'Both kinds' });
      for (const address of [ethereum.address, solana.address]) {
        const visible = await client.request(
          'mutation($a: Address!) { setWalletVisibility(address: $a, public: true) { address } }',
          { a: address },
        );
        expect(visible.errors).toBeUndefined();
      }
      const result = await new TestClient(server).request<{
        publicProfile: {
          address: string;
          wallets: {
            address: string;
            namespace: string;
            caip10: string;
            chainId: number | null;
            proof: { message: string; signature: string; chainId: number | null; chain: string };
          }[];
        } | null;
      }>(
        `query($a: Address!) { publicProfile(address: $a) {
          address wallets { address namespace caip10 chainId proof { message signature chainId chain } }
        } }`,
        { a: solana.address },
      );
      expect(result.errors).toBeUndefined();
      const wallets = result.data?.publicProfile?.wallets ?? [];
      expect(wallets.map((w) => [w.namespace, w.proof.chainId, w.proof.chain])).toEqual([
        ['EIP155', 31337, 'eip155:31337'],
        ['SOLANA', null, SOLANA_CLUSTERS.mainnet],
      ]);
      const proof = wallets[1]?.proof;
      expect(
        verifySolanaSignature({
          message: proof?.message ?? '',
          signature: decodeSolanaSignature(proof?.signature ?? '') ?? new Uint8Array(),
          address: solana.address,
        }),
      ).toBe(true);
      const head = await pageHead(server, solana.address);
      expect(head).toContain('<title>Both kinds on Sigil</title>');
      // Base58 is case-sensitive: the same letters in another case open nothing. Lowercased,
      // they are another key (200, no profile) or none, when a letter base58 lacks appears (404).
      const other = await fetch(`${server.url}/u/${solana.address.toLowerCase()}`, {
        headers: { accept: 'text/html' },
      });
      expect(await other.text()).toBe(INDEX_HTML);
    });

    it('puts both CAIP-10 ids in the OIDC wallets claim', async () => {
      const ethereum = newKey();
      const solana = newSolanaKey();
      const { client, accountId } = await signedIn(server, ethereum);
      await linkSolana(client, server, solana);
      const claims = await findAccountClaims(server.services, accountId);
      expect(claims?.wallets).toEqual([
        `eip155:1:${ethereum.address}`,
        `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:${solana.address}`,
      ]);
    });

    it('gives a Solana-primary account its base58 address, in its own case, as preferred_username', async () => {
      const ethereum = newKey();
      const solana = newSolanaKey();
      const { client, accountId } = await signedIn(server, ethereum);
      await linkSolana(client, server, solana);
      expect((await findAccountClaims(server.services, accountId))?.preferred_username).toBe(
        ethereum.address,
      );
      const primary = await client.request(
        'mutation($a: Address!) { setPrimaryWallet(address: $a) { address } }',
        { a: solana.address },
      );
      expect(primary.errors).toBeUndefined();
      expect((await findAccountClaims(server.services, accountId))?.preferred_username).toBe(
        solana.address,
      );
    });

    it('gives admin to the account of a Solana key named bare in ADMIN_ADDRESSES', async () => {
      const { client } = await signedInWithSolana(server, admin, new TestClient(server));
      const me = await client.request<{ me: { roles: string[] } }>('{ me { roles } }');
      expect(me.data?.me.roles).toContain('admin');
      const other = (await signedInWithSolana(server, newSolanaKey(), new TestClient(server)))
        .client;
      const theirs = await other.request<{ me: { roles: string[] } }>('{ me { roles } }');
      expect(theirs.data?.me.roles).not.toContain('admin');
    });

    it('grants an allowlist role to the account of a Solana key listed bare, and to no other', async () => {
      const { client } = await signedIn(server, newKey());
      await linkSolana(client, server, friend);
      const roles = await client.request<{ me: { roles: string[] } }>('{ me { roles } }');
      expect(roles.data?.me.roles).toEqual(['friend']);
      const stranger = (await signedInWithSolana(server, newSolanaKey(), new TestClient(server)))
        .client;
      const theirs = await stranger.request<{ me: { roles: string[] } }>('{ me { roles } }');
      expect(theirs.data?.me.roles).toEqual([]);
    });

    it('refuses a suspended Solana account with ACCOUNT_SUSPENDED, after its signature', async () => {
      const { client: console } = await signedInWithSolana(server, admin, new TestClient(server));
      const solana = newSolanaKey();
      const { accountId } = await signedInWithSolana(server, solana, new TestClient(server));
      const suspended = await console.request(
        'mutation($id: ID!) { suspendAccount(id: $id, reason: "spam") { id } }',
        { id: accountId },
      );
      expect(suspended.errors).toBeUndefined();
      const client = new TestClient(server);
      const message = await prepareSolanaMessage(client, solana, {
        issuedAt: new Date(server.clock()).toISOString(),
      });
      // Another key's signature learns nothing of the suspension.
      expect(errorCode(await client.signIn(message, newSolanaKey().signMessage(message)))).toBe(
        'INVALID_SIGNATURE',
      );
      const again = await prepareSolanaMessage(client, solana, {
        issuedAt: new Date(server.clock()).toISOString(),
      });
      expect(errorCode(await client.signIn(again, solana.signMessage(again)))).toBe(
        'ACCOUNT_SUSPENDED',
      );
    });

    it('finds an account in the console by its whole base58 address or a prefix of 6, case-sensitively', async () => {
      const { client: console } = await signedInWithSolana(server, admin, new TestClient(server));
      const solana = newSolanaKey();
      const { accountId } = await signedInWithSolana(server, solana, new TestClient(server));
      const search = async (query: string) => {
        const result = await console.request<{
          admin: { accounts: { edges: { node: { id: string } }[] } };
        }>('query($q: String) { admin { accounts(query: $q) { edges { node { id } } } } }', {
          q: query,
        });
        if (!result.data) throw new Error(JSON.stringify(result.errors));
        return result.data.admin.accounts.edges.map(({ node }) => node.id);
      };
      expect(await search(solana.address)).toEqual([accountId]);
      expect(await search(solana.address.slice(0, 8))).toContain(accountId);
      expect(await search(solana.address.slice(0, 5))).not.toContain(accountId);
      const flipped = [...solana.address.slice(0, 8)]
        .map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()))
        .join('');
      if (flipped !== solana.address.slice(0, 8)) {
        expect(await search(flipped)).not.toContain(accountId);
      }
    });

    it('names the namespace in the webhook messages of a Solana sign-in and link', async () => {
      const solana = newSolanaKey();
      const { accountId, client } = await signedInWithSolana(
        server,
        solana,
        new TestClient(server),
      );
      await linkEthereum(client, server, newKey());
      const linkedSolana = newSolanaKey();
      await linkSolana(client, server, linkedSolana);
      const rows = await server.services.db
        .selectFrom('webhook_deliveries')
        .select(['event_type', 'payload'])
        .execute();
      const data = rows
        .map((row) => ({ type: row.event_type, data: JSON.parse(row.payload).data }))
        .filter(({ data }) => data.accountId === accountId);
      expect(data).toEqual(
        expect.arrayContaining([
          {
            type: 'account.created',
            data: expect.objectContaining({
              address: solana.address,
              namespace: 'solana',
              chainId: null,
              chain: SOLANA_CLUSTERS.mainnet,
            }),
          },
          {
            type: 'session.created',
            data: expect.objectContaining({ namespace: 'solana', chainId: null }),
          },
          {
            type: 'wallet.linked',
            data: expect.objectContaining({ namespace: 'eip155', kind: 'EOA' }),
          },
          {
            type: 'wallet.linked',
            data: expect.objectContaining({
              address: linkedSolana.address,
              namespace: 'solana',
              chainId: null,
              caip10: `${SOLANA_CLUSTERS.mainnet}:${linkedSolana.address}`,
            }),
          },
        ]),
      );
    });
  });
});
