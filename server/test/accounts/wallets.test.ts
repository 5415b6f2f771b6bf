import type { SiweMessage } from '@sigil/siwe';
import type { LocalAccount } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../generated/index.js';
import { databaseBackends } from '../support/each-database.js';
import { errorCode, TestClient } from '../support/graphql-client.js';
import { signedIn } from '../support/signed-in.js';
import { subscribeAccountEvents } from '../support/subscribe-account-events.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/**
 * Accounts with several wallets over HTTP against the running server: linking
 * passes the whole sign-in policy plus the account's link statement, every
 * linked wallet signs in to the one account, and unlinking ends what the
 * wallet started.
 */
// What the account page shows of a wallet: the documents below spread it.
graphql(`
  fragment WalletsWalletFields on Wallet {
    address kind chainId primary linkedAt lastSignInAt
  }
`);

const ME = graphql(`
  query WalletsMe {
    me {
      id address linkStatement
      wallets { ...WalletsWalletFields }
      sessions { id address current }
      signIns(first: 20) { edges { node { address } } }
    }
  }
`);

const ME_ID = graphql(`
  query WalletsMeId {
    me { id }
  }
`);

const LINK_WALLET = graphql(`
  mutation WalletsLinkWallet($m: String!, $s: String!) {
    linkWallet(message: $m, signature: $s) { ...WalletsWalletFields }
  }
`);

const UNLINK_WALLET = graphql(`
  mutation WalletsUnlinkWallet($a: Address!) {
    unlinkWallet(address: $a)
  }
`);

const SET_PRIMARY_WALLET = graphql(`
  mutation WalletsSetPrimaryWallet($a: Address!) {
    setPrimaryWallet(address: $a) { ...WalletsWalletFields }
  }
`);

const newKey = () => privateKeyToAccount(generatePrivateKey());

async function me(client: TestClient) {
  const result = await client.request(ME);
  if (!result.data?.me) throw new Error(`not signed in: ${JSON.stringify(result.errors)}`);
  return result.data.me;
}

/** A link message for `wallet`, as the web app builds it: the account's statement and a fresh nonce. */
async function linkMessage(
  client: TestClient,
  wallet: LocalAccount,
  fields: Partial<SiweMessage> = {},
): Promise<string> {
  const { linkStatement } = await me(client);
  return client.prepareMessage(wallet, {
    statement: linkStatement,
    issuedAt: new Date().toISOString(),
    ...fields,
  });
}

function linkWallet(client: TestClient, message: string, signature: string) {
  return client.request(LINK_WALLET, { m: message, s: signature });
}

async function link(client: TestClient, wallet: LocalAccount, fields: Partial<SiweMessage> = {}) {
  const message = await linkMessage(client, wallet, fields);
  return linkWallet(client, message, await wallet.signMessage({ message }));
}

function unlink(client: TestClient, address: string) {
  return client.request(UNLINK_WALLET, { a: address });
}

describe('linking wallets', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it('links a second wallet, which then signs in to the same account, and history says which signed', async () => {
    const first = newKey();
    const second = newKey();
    const { client } = await signedIn(server, first);
    const linked = await link(client, second);
    expect(linked.errors).toBeUndefined();
    expect(linked.data?.linkWallet).toMatchObject({
      address: second.address,
      kind: 'EOA',
      chainId: null,
      primary: false,
      lastSignInAt: null,
    });

    const account = await me(client);
    expect(account.address).toBe(first.address);
    expect(account.wallets.map((wallet) => [wallet.address, wallet.primary])).toEqual([
      [first.address, true],
      [second.address, false],
    ]);

    const other = (await signedIn(server, second)).client;
    const seen = await me(other);
    expect(seen.id).toBe(account.id);
    expect(seen.sessions.find((session) => session.current)?.address).toBe(second.address);
    expect(seen.signIns.edges.map(({ node }) => node.address)).toEqual([
      second.address,
      first.address,
    ]);
    expect(seen.wallets.find((w) => w.address === second.address)?.lastSignInAt).not.toBeNull();
  });

  it('answers a wallet already linked to this account with that wallet, unchanged', async () => {
    const { client } = await signedIn(server, newKey());
    const second = newKey();
    const before = (await link(client, second)).data?.linkWallet;
    const again = await link(client, second);
    expect(again.errors).toBeUndefined();
    expect(again.data?.linkWallet).toEqual(before);
    expect((await me(client)).wallets).toHaveLength(2);
  });

  it('refuses a wallet of another account with WALLET_ALREADY_LINKED, and merges nothing', async () => {
    const owner = newKey();
    const ownerAccount = await me((await signedIn(server, owner)).client);
    const { client } = await signedIn(server, newKey());
    expect(errorCode(await link(client, owner))).toBe('WALLET_ALREADY_LINKED');
    expect((await me(client)).wallets).toHaveLength(1);
    expect((await me((await signedIn(server, owner)).client)).id).toBe(ownerAccount.id);
  });

  it("refuses another account's link statement with INVALID_MESSAGE: a link message cannot be replayed elsewhere", async () => {
    const victim = (await signedIn(server, newKey())).client;
    const { linkStatement } = await me(victim);
    const attacker = (await signedIn(server, newKey())).client;
    const wallet = newKey();
    const result = await link(attacker, wallet, { statement: linkStatement });
    expect(errorCode(result)).toBe('INVALID_MESSAGE');
    expect(errorCode(await link(attacker, wallet, { statement: 'Sign in to Sigil.' }))).toBe(
      'INVALID_MESSAGE',
    );
    expect((await me(attacker)).wallets).toHaveLength(1);
  });

  describe('refuses a link message as signIn refuses a sign-in message', () => {
    const at = (offsetMs = 0) => new Date(server.clock() + offsetMs).toISOString();
    let client: TestClient;
    const wallet = newKey();
    beforeAll(async () => {
      client = (await signedIn(server, newKey())).client;
    });

    it('UNAUTHENTICATED without a session', async () => {
      const message = await linkMessage(client, wallet);
      const anonymous = new TestClient(server);
      expect(
        errorCode(await linkWallet(anonymous, message, await wallet.signMessage({ message }))),
      ).toBe('UNAUTHENTICATED');
    });

    it('INVALID_MESSAGE for text that is not EIP-4361', async () => {
      expect(errorCode(await linkWallet(client, 'link me', `0x${'ab'.repeat(65)}`))).toBe(
        'INVALID_MESSAGE',
      );
    });

    it('BAD_USER_INPUT for a signature that is not hex', async () => {
      const message = await linkMessage(client, wallet);
      expect(errorCode(await linkWallet(client, message, '0xnothex'))).toBe('BAD_USER_INPUT');
    });

    it('DOMAIN_MISMATCH for another domain', async () => {
      expect(
        errorCode(
          await link(client, wallet, { domain: 'evil.example', uri: 'https://evil.example' }),
        ),
      ).toBe('DOMAIN_MISMATCH');
    });

    it('UNSUPPORTED_CHAIN for a chain this server does not enable', async () => {
      expect(errorCode(await link(client, wallet, { chainId: 1 }))).toBe('UNSUPPORTED_CHAIN');
    });

    it('MESSAGE_EXPIRED past its expiration time', async () => {
      expect(
        errorCode(await link(client, wallet, { issuedAt: at(), expirationTime: at(-120_000) })),
      ).toBe('MESSAGE_EXPIRED');
    });

    it('MESSAGE_NOT_YET_VALID before its not-before time', async () => {
      expect(
        errorCode(await link(client, wallet, { issuedAt: at(), notBefore: at(3_600_000) })),
      ).toBe('MESSAGE_NOT_YET_VALID');
    });

    it('INVALID_NONCE for a nonce this server never issued, and for a replay', async () => {
      expect(errorCode(await link(client, wallet, { nonce: 'abcdef0123456789' }))).toBe(
        'INVALID_NONCE',
      );
      const message = await linkMessage(client, wallet);
      const signature = await wallet.signMessage({ message });
      expect((await linkWallet(client, message, signature)).errors).toBeUndefined();
      expect(errorCode(await linkWallet(client, message, signature))).toBe('INVALID_NONCE');
    });

    it('INVALID_SIGNATURE when another key signed', async () => {
      const target = newKey();
      const message = await linkMessage(client, target);
      expect(
        errorCode(await linkWallet(client, message, await newKey().signMessage({ message }))),
      ).toBe('INVALID_SIGNATURE');
      expect((await me(client)).wallets.map((w) => w.address)).not.toContain(target.address);
    });
  });

  it('makes a linked wallet the primary: its address becomes the account address', async () => {
    const first = newKey();
    const second = newKey();
    const { client } = await signedIn(server, first);
    await link(client, second);
    const result = await client.request(SET_PRIMARY_WALLET, { a: second.address.toLowerCase() });
    expect(result.data?.setPrimaryWallet).toMatchObject({ address: second.address, primary: true });
    const account = await me(client);
    expect(account.address).toBe(second.address);
    expect(account.wallets.map((wallet) => [wallet.address, wallet.primary])).toEqual([
      [second.address, true],
      [first.address, false],
    ]);
  });

  it('unlinks a wallet, ending every session it started and closing their sockets', async () => {
    const first = newKey();
    const second = newKey();
    const acting = (await signedIn(server, first)).client;
    await link(acting, second);
    const bySecond = (await signedIn(server, second)).client;
    const socket = await subscribeAccountEvents(bySecond, { events: server.services.events });
    const watcher = await subscribeAccountEvents(acting, { events: server.services.events });

    const result = await unlink(acting, second.address);
    expect(result.data?.unlinkWallet).toBe(true);
    expect(await socket.closed).toBe(4401);
    expect((await bySecond.request(ME_ID)).data?.me).toBeNull();
    const unlinked = await watcher.received((event) => event.type === 'WALLET_UNLINKED');
    expect(unlinked.wallet).toEqual({ address: second.address, chainId: null });
    expect(watcher.events.map((event) => event.type)).toContain('SESSION_REVOKED');
    watcher.dispose();
    socket.dispose();

    const account = await me(acting);
    expect(account.wallets.map((wallet) => wallet.address)).toEqual([first.address]);
    // The unlinked wallet now signs in to an account of its own.
    expect((await me((await signedIn(server, second)).client)).id).not.toBe(account.id);
  });

  it("refuses to unlink the account's last wallet with LAST_WALLET, and answers false for a stranger's", async () => {
    const key = newKey();
    const { client } = await signedIn(server, key);
    expect(errorCode(await unlink(client, key.address))).toBe('LAST_WALLET');
    expect((await unlink(client, newKey().address)).data?.unlinkWallet).toBe(false);
    expect((await me(client)).wallets).toHaveLength(1);
  });

  it('hands the primary role on when the primary wallet is unlinked, and ends this session if it was signed in with it', async () => {
    const first = newKey();
    const second = newKey();
    const { client } = await signedIn(server, first);
    await link(client, second);
    expect((await unlink(client, first.address)).data?.unlinkWallet).toBe(true);
    expect((await client.request(ME_ID)).data?.me).toBeNull();
    const account = await me((await signedIn(server, second)).client);
    expect(account.address).toBe(second.address);
    expect(account.wallets).toMatchObject([{ address: second.address, primary: true }]);
  });
});

describe('WALLET_LINKED reaches every open tab of the account', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it('streams WALLET_LINKED to another session of the account', async () => {
    const key = newKey();
    const tab = (await signedIn(server, key)).client;
    const other = (await signedIn(server, key)).client;
    const events = await subscribeAccountEvents(other, { events: server.services.events });
    const wallet = newKey();
    expect((await link(tab, wallet)).errors).toBeUndefined();
    const linked = await events.received((event) => event.type === 'WALLET_LINKED');
    expect(linked.wallet).toEqual({ address: wallet.address, chainId: null });
    events.dispose();
  });
});

describe.each(databaseBackends)('the link replay race on $name', ({ name, kind, available }) => {
  describe.skipIf(!available)(name, () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer({ database: kind });
    });
    afterAll(() => server?.close());

    it('links a wallet once of 30 concurrent linkWallet calls with one signed message', async () => {
      const { client } = await signedIn(server, newKey());
      const wallet = newKey();
      const message = await linkMessage(client, wallet);
      const signature = await wallet.signMessage({ message });
      const results = await Promise.all(
        Array.from({ length: 30 }, () => linkWallet(client, message, signature)),
      );
      const codes = results.map((result) => errorCode(result) ?? 'LINKED');
      expect(codes.filter((code) => code === 'LINKED')).toHaveLength(1);
      expect(codes.filter((code) => code === 'INVALID_NONCE')).toHaveLength(29);
      const rows = await server.services.db
        .selectFrom('wallets')
        .selectAll()
        .where('address', '=', wallet.address)
        .execute();
      expect(rows).toHaveLength(1);
    });

    it('leaves an account one wallet when both of its two wallets are unlinked at once', async () => {
      const first = newKey();
      const second = newKey();
      const { client } = await signedIn(server, first);
      await link(client, second);
      const results = await Promise.all([
        unlink(client, first.address),
        unlink(client, second.address),
      ]);
      const codes = results.map((result) => errorCode(result) ?? result.data?.unlinkWallet);
      expect(codes.filter((code) => code === true)).toHaveLength(1);
      const account = await me((await signedIn(server, codes[0] === true ? second : first)).client);
      expect(account.wallets).toHaveLength(1);
      expect(account.wallets[0]?.primary).toBe(true);
    });
  });
});

describe('linkWallet attempts per client', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { RATE_LIMIT_PER_MINUTE: '2' } });
  });
  afterAll(() => server?.close());

  it('answers RATE_LIMITED with retryAfterSeconds past RATE_LIMIT_PER_MINUTE, counted apart from sign-ins', async () => {
    const { client } = await signedIn(server, newKey());
    const garbage = () => linkWallet(client, 'not a message', `0x${'ab'.repeat(65)}`);
    expect(errorCode(await garbage())).toBe('INVALID_MESSAGE');
    expect(errorCode(await garbage())).toBe('INVALID_MESSAGE');
    const limited = await garbage();
    expect(errorCode(limited)).toBe('RATE_LIMITED');
    const retryAfter = limited.errors?.[0]?.extensions?.retryAfterSeconds as number;
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    server.clock.advance(retryAfter * 1000);
    expect(errorCode(await garbage())).toBe('INVALID_MESSAGE');
  });
});
