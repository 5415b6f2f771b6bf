import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as oidcClient from 'openid-client';
import type { Address, LocalAccount } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CountingRpcProxy,
  startCountingRpcProxy,
} from '../../../testing/counting-rpc-proxy.js';
import { deployTestTokens, type TestTokens } from '../../../testing/deploy-test-tokens.js';
import { deploySameAddressOnTwoChains } from '../../../testing/deploy-wallet-with-create.js';
import { type HardhatNode, startHardhatNode } from '../../../testing/hardhat-node.js';
import { installMulticall3 } from '../../../testing/install-multicall3.js';
import { waitFor } from '../../../testing/wait-for.js';
import type { AccessRulesReportFragment } from '../generated/graphql.js';
import { graphql } from '../generated/index.js';
import { databaseBackends } from '../support/each-database.js';
import { errorCode, TestClient, testAccount } from '../support/graphql-client.js';
import {
  answerInteraction,
  browserSignedInAs,
  discoverAs,
  interactionUid,
  OIDC_CLIENTS,
  startAuthorization,
  WIKI,
} from '../support/oidc-relying-party.js';
import { signedIn } from '../support/signed-in.js';
import { subscribeAccountEvents } from '../support/subscribe-account-events.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/**
 * Access rules (docs/access.md) on two real chains: our own ERC-20, ERC-721
 * and ERC-1155 contracts, Multicall3 at its canonical address, every
 * requirement type, sums over linked wallets, the identity rule for contract
 * wallets, changes after refreshAccess, and a chain that hangs.
 */
const CHAIN_A = 31337;
const CHAIN_B = 11155111;
const SLOW = 120_000;
const ETHER = 10n ** 18n;
const NFT_ID_BASE = 1000n;
const MULTI_ID = 7n;

let chainA: HardhatNode;
let chainB: HardhatNode;
/** Chain B is read through this proxy, which a test can make hang. */
let proxyB: CountingRpcProxy;
let tokensA: TestTokens;
let tokensB: TestTokens;
/** One contract address: owned by `ownerA` on chain A, by `ownerB` on chain B. */
let contractWallet: { wallet: Address; ownerA: LocalAccount; ownerB: LocalAccount };

beforeAll(async () => {
  [chainA, chainB] = await Promise.all([
    startHardhatNode({ chainId: CHAIN_A }),
    startHardhatNode({ chainId: CHAIN_B }),
  ]);
  await Promise.all([installMulticall3(chainA.url), installMulticall3(chainB.url)]);
  [tokensA, tokensB] = await Promise.all([
    deployTestTokens({ rpcUrl: chainA.url, chainId: CHAIN_A }),
    deployTestTokens({ rpcUrl: chainB.url, chainId: CHAIN_B }),
  ]);
  proxyB = await startCountingRpcProxy(chainB.url);
  contractWallet = await deploySameAddressOnTwoChains(
    { rpcUrl: chainA.url, chainId: CHAIN_A },
    { rpcUrl: chainB.url, chainId: CHAIN_B },
  );
}, SLOW);

afterAll(async () => {
  await proxyB?.close();
  await Promise.all([chainA?.stop(), chainB?.stop()]);
}, SLOW);

/** An EOA listed by its bare address in `friend`. */
const listedEoa = privateKeyToAccount(generatePrivateKey());

function rules() {
  return [
    {
      role: 'holder',
      description: 'Holds at least 100 SGL on chain A',
      any: [
        {
          type: 'erc20',
          chainId: CHAIN_A,
          contract: tokensA.erc20,
          minBalance: String(100n * ETHER),
        },
      ],
    },
    {
      role: 'collector',
      all: [
        { type: 'erc721', chainId: CHAIN_A, contract: tokensA.erc721 },
        {
          type: 'erc1155',
          chainId: CHAIN_B,
          contract: tokensB.erc1155,
          tokenId: String(MULTI_ID),
          minBalance: '2',
        },
      ],
    },
    {
      role: 'friend',
      any: [
        {
          type: 'allowlist',
          addresses: [listedEoa.address, `eip155:${CHAIN_A}:${contractWallet.wallet}`],
        },
      ],
    },
    {
      role: 'whale',
      any: [{ type: 'native', chainId: CHAIN_B, minBalance: String(10n * ETHER) }],
    },
    {
      role: 'either',
      any: [
        { type: 'erc20', chainId: CHAIN_B, contract: tokensB.erc20, minBalance: '5' },
        { type: 'erc721', chainId: CHAIN_A, contract: tokensA.erc721 },
      ],
    },
  ];
}

// The access report as the account page reads it: the documents below spread it.
graphql(`
  fragment AccessRulesReport on AccessReport {
    checkedAt stale
    rules {
      role description logic granted
      requirements { type chainId contract tokenId minBalance balance met }
    }
  }
`);

type Report = AccessRulesReportFragment;

const LINK_STATEMENT = graphql(`
  query AccessRulesLinkStatement {
    me { linkStatement }
  }
`);

const ACCESS = graphql(`
  query AccessRulesAccess {
    me { roles access { ...AccessRulesReport } }
  }
`);

const REFRESH = graphql(`
  mutation AccessRulesRefresh {
    refreshAccess { ...AccessRulesReport }
  }
`);

const ID_AND_ROLES = graphql(`
  query AccessRulesIdAndRoles {
    me { id roles }
  }
`);

const REFRESH_GRANTED = graphql(`
  mutation AccessRulesRefreshGranted {
    refreshAccess { rules { role granted } }
  }
`);

let nftIds = NFT_ID_BASE;
const nextNftId = () => {
  nftIds += 1n;
  return nftIds;
};

describe.each(databaseBackends)('access rules on $name', ({ name, kind, available }) => {
  describe.skipIf(!available)(name, () => {
    let server: TestServer;

    beforeAll(async () => {
      server = await startTestServer({
        database: kind,
        // The one deadline of a check: short, so the hung chain's test is quick.
        chainTimeoutMs: 1500,
        env: {
          CHAINS: `${CHAIN_A},${CHAIN_B}`,
          [`RPC_URL_${CHAIN_A}`]: chainA.url,
          [`RPC_URL_${CHAIN_B}`]: proxyB.url,
          ACCESS_RULES: JSON.stringify(rules()),
          RATE_LIMIT_PER_MINUTE: '1000',
          OIDC_CLIENTS,
        },
      });
    }, SLOW);
    afterAll(() => server?.close());

    /** Signed in as `signer`, or as the contract wallet `address` it owns, on `chainId`. */
    async function signedInAs(
      signer: LocalAccount,
      p: { address?: Address; chainId?: number } = {},
    ) {
      const fields = { address: p.address ?? signer.address, chainId: p.chainId ?? CHAIN_A };
      return (await signedIn(server, signer, { fields })).client;
    }

    async function link(client: TestClient, wallet: LocalAccount) {
      const me = await client.request(LINK_STATEMENT);
      const message = await client.prepareMessage(wallet, {
        statement: me.data?.me?.linkStatement as string,
        chainId: CHAIN_A,
      });
      const result = await client.request(
        'mutation($m: String!, $s: String!) { linkWallet(message: $m, signature: $s) { address } }',
        { m: message, s: await wallet.signMessage({ message }) },
      );
      expect(result.errors).toBeUndefined();
    }

    /** The account's roles and report, as a read (which joins a check under way). */
    async function access(client: TestClient) {
      const result = await client.request(ACCESS);
      expect(result.errors).toBeUndefined();
      return result.data?.me as { roles: string[]; access: Report };
    }

    async function refresh(client: TestClient) {
      const result = await client.request(REFRESH);
      expect(result.errors).toBeUndefined();
      return result.data?.refreshAccess as Report;
    }

    const rule = (report: Report, role: string) => report.rules.find((r) => r.role === role);

    it('grants an ERC-20 role on the balance summed over two linked wallets', async () => {
      const first = privateKeyToAccount(generatePrivateKey());
      const second = privateKeyToAccount(generatePrivateKey());
      await tokensA.mintErc20(first.address, 60n * ETHER);
      await tokensA.mintErc20(second.address, 50n * ETHER);

      const client = await signedInAs(first);
      const before = await access(client);
      expect(before.roles).toEqual([]);
      expect(before.access.stale).toBe(false);
      expect(before.access.checkedAt).not.toBeNull();
      expect(rule(before.access, 'holder')).toEqual({
        role: 'holder',
        description: 'Holds at least 100 SGL on chain A',
        logic: 'ANY',
        granted: false,
        requirements: [
          {
            type: 'ERC20',
            chainId: CHAIN_A,
            contract: tokensA.erc20,
            tokenId: null,
            minBalance: String(100n * ETHER),
            balance: String(60n * ETHER),
            met: false,
          },
        ],
      });

      await link(client, second);
      const after = await access(client);
      expect(after.roles).toEqual(['holder']);
      expect(rule(after.access, 'holder')?.requirements[0]).toMatchObject({
        balance: String(110n * ETHER),
        met: true,
      });
    });

    it('grants an ALL rule only once every requirement holds: ERC-721 on one chain, ERC-1155 on the other', async () => {
      const wallet = privateKeyToAccount(generatePrivateKey());
      await tokensA.mintErc721(wallet.address, nextNftId());
      const client = await signedInAs(wallet);
      const partly = await access(client);
      // `either` holds through its ERC-721; `collector` lacks the ERC-1155.
      expect(partly.roles).toEqual(['either']);
      expect(rule(partly.access, 'collector')).toMatchObject({
        logic: 'ALL',
        granted: false,
        requirements: [
          { type: 'ERC721', balance: '1', minBalance: '1', met: true },
          {
            type: 'ERC1155',
            chainId: CHAIN_B,
            tokenId: '7',
            balance: '0',
            minBalance: '2',
            met: false,
          },
        ],
      });

      await tokensB.mintErc1155(wallet.address, MULTI_ID, 2n);
      const whole = await refresh(client);
      expect(rule(whole, 'collector')?.granted).toBe(true);
      expect((await access(client)).roles).toEqual(['collector', 'either']);
    });

    it('grants a native-balance role and an allowlisted EOA its role', async () => {
      await tokensB.setNativeBalance(listedEoa.address, 10n * ETHER);
      const client = await signedInAs(listedEoa);
      const { roles, access: report } = await access(client);
      expect(roles).toEqual(['friend', 'whale']);
      expect(rule(report, 'whale')?.requirements[0]).toMatchObject({
        type: 'NATIVE',
        chainId: CHAIN_B,
        contract: null,
        balance: String(10n * ETHER),
        met: true,
      });
      expect(rule(report, 'friend')?.requirements[0]).toMatchObject({
        type: 'ALLOWLIST',
        chainId: null,
        balance: '1',
        met: true,
      });
    });

    it('counts a contract wallet on its own chain only: the same address owned by someone else on the other chain gains nothing', async () => {
      const { wallet, ownerA, ownerB } = contractWallet;
      await tokensA.mintErc20(wallet, 100n * ETHER);

      const owner = await signedInAs(ownerA, { address: wallet, chainId: CHAIN_A });
      expect((await access(owner)).roles).toEqual(['friend', 'holder']);

      // The same address, proven on chain B by another key: another account,
      // for which neither chain A's tokens nor chain A's allowlist entry count.
      const taker = await signedInAs(ownerB, { address: wallet, chainId: CHAIN_B });
      const { roles, access: report } = await access(taker);
      expect(roles).toEqual([]);
      expect(rule(report, 'holder')?.requirements[0]).toMatchObject({ balance: '0', met: false });
      expect(rule(report, 'friend')?.granted).toBe(false);
    });

    it('changes the role after refreshAccess when tokens move in and out, with one ROLES_CHANGED each way', async () => {
      const wallet = privateKeyToAccount(generatePrivateKey());
      const client = await signedInAs(wallet);
      expect((await access(client)).roles).toEqual([]);
      const socket = await subscribeAccountEvents(client, { events: server.services.events });
      // A sign-in of the same account publishes SIGNED_IN after everything
      // before it: once it arrives, every earlier event has too.
      const drain = async () => {
        const other = new TestClient(server);
        const signIn = await other.signInAs(wallet);
        const sessionId = signIn.data?.signIn.session.id;
        await socket.received((e) => e.type === 'SIGNED_IN' && e.session.id === sessionId);
        // Its background check changes nothing either: a read joins it.
        expect((await access(other)).roles).toEqual([]);
      };

      await tokensA.mintErc20(wallet.address, 100n * ETHER);
      const granted = await refresh(client);
      expect(rule(granted, 'holder')?.granted).toBe(true);
      const gained = await socket.received((e) => e.type === 'ROLES_CHANGED');
      expect(gained.roles).toEqual(['holder']);

      const sink = privateKeyToAccount(generatePrivateKey()).address;
      await tokensA.moveErc20(wallet.address, sink, 1n);
      const revoked = await refresh(client);
      expect(rule(revoked, 'holder')?.granted).toBe(false);
      const lost = await socket.received(
        (e) => e.type === 'ROLES_CHANGED' && e.roles?.length === 0,
      );
      expect(lost.roles).toEqual([]);

      await drain();
      expect(socket.events.filter((e) => e.type === 'ROLES_CHANGED').map((e) => e.roles)).toEqual([
        ['holder'],
        [],
      ]);
      socket.dispose();
    });

    it('keeps the roles as they were, marked stale, while a chain hangs; never grants on the failed read', async () => {
      const wallet = privateKeyToAccount(generatePrivateKey());
      await tokensB.setNativeBalance(wallet.address, 10n * ETHER);
      const client = await signedInAs(wallet);
      expect((await access(client)).roles).toEqual(['whale']);

      // Chain B hangs; meanwhile the wallet loses its ether and gains what `either` asks there.
      await tokensB.setNativeBalance(wallet.address, 0n);
      await tokensB.mintErc20(wallet.address, 5n);
      proxyB.hang();
      try {
        const report = await refresh(client);
        expect(report.stale).toBe(true);
        expect(rule(report, 'whale')).toMatchObject({ granted: true });
        expect(rule(report, 'whale')?.requirements[0]?.balance).toBe(String(10n * ETHER));
        expect(rule(report, 'either')).toMatchObject({ granted: false });
        const now = await access(client);
        expect(now.roles).toEqual(['whale']);
        expect(now.access.stale).toBe(true);
      } finally {
        proxyB.resume();
      }
      const answered = await refresh(client);
      expect(answered.stale).toBe(false);
      expect(rule(answered, 'whale')?.granted).toBe(false);
      expect(rule(answered, 'either')?.granted).toBe(true);
    });

    it('reads each chain with one JSON-RPC request per check: one Multicall3 aggregate3', async () => {
      const wallet = privateKeyToAccount(generatePrivateKey());
      const client = await signedInAs(wallet);
      await access(client);
      const [requests, methods] = [proxyB.httpRequests, proxyB.methods.length];
      // Chain B holds three reads for an EOA (ERC-1155, native, ERC-20): one call.
      await refresh(client);
      expect(proxyB.httpRequests - requests).toBe(1);
      expect(proxyB.methods.slice(methods)).toEqual(['eth_call']);
    });

    it('releases roles to an app through the scope roles, checked again when older than ROLES_TTL', async () => {
      const wallet = privateKeyToAccount(generatePrivateKey());
      const client = await signedInAs(wallet);
      const me = await client.request(ID_AND_ROLES);
      expect(me.data?.me?.roles).toEqual([]);
      const accountId = me.data?.me?.id as string;
      await tokensB.setNativeBalance(wallet.address, 10n * ETHER);
      // Within ROLES_TTL the last check stands; past it, token issue checks again.
      server.clock.advance(server.services.config.rolesTtlSeconds * 1000 + 1000);

      const browser = browserSignedInAs(server, client);
      const config = await discoverAs(server, WIKI);
      const authorization = await startAuthorization(browser, config, { scope: 'openid roles' });
      const uid = interactionUid(authorization.location);
      const details = await (await browser.request(`/oidc/interaction/${uid}/details`)).json();
      expect(details).toMatchObject({ scopes: ['openid', 'roles'], claims: ['sub', 'roles'] });
      const callback = await answerInteraction(browser, uid, 'confirm');
      const tokens = await oidcClient.authorizationCodeGrant(config, new URL(callback), {
        pkceCodeVerifier: authorization.verifier,
        expectedState: authorization.state,
      });
      expect(await oidcClient.fetchUserInfo(config, tokens.access_token, accountId)).toEqual({
        sub: accountId,
        roles: ['whale'],
      });
    });

    it('refuses refreshAccess without a session', async () => {
      const anonymous = new TestClient(server);
      const result = await anonymous.request('mutation { refreshAccess { stale } }');
      expect(errorCode(result)).toBe('UNAUTHENTICATED');
    });
  });
});

describe('an EOA sign-in with rules configured and every RPC hung', () => {
  let hungA: CountingRpcProxy;
  let hungB: CountingRpcProxy;
  let server: TestServer;

  beforeAll(async () => {
    [hungA, hungB] = await Promise.all([
      startCountingRpcProxy(chainA.url),
      startCountingRpcProxy(chainB.url),
    ]);
    hungA.hang();
    hungB.hang();
    server = await startTestServer({
      // Far past the test's own time limit: a sign-in that waited would fail it.
      chainTimeoutMs: 120_000,
      env: {
        CHAINS: `${CHAIN_A},${CHAIN_B}`,
        [`RPC_URL_${CHAIN_A}`]: hungA.url,
        [`RPC_URL_${CHAIN_B}`]: hungB.url,
        ACCESS_RULES: JSON.stringify(rules()),
      },
    });
  }, SLOW);
  afterAll(async () => {
    // Closing the hung endpoints ends the checks still waiting on them.
    await Promise.all([hungA?.close(), hungB?.close()]);
    await server?.close();
  });

  it('answers at once; the check it started waits on the chains behind it', {
    timeout: 15_000,
  }, async () => {
    const client = new TestClient(server);
    const result = await client.signInAs(testAccount(0));
    expect(result.errors).toBeUndefined();
    expect(result.data?.signIn.session.id).toBeDefined();
    // The background check did ask both chains, and is still waiting on them.
    await waitFor(() => hungA.methods.includes('eth_call') && hungB.methods.includes('eth_call'));
  });
});

describe('without ACCESS_RULES', () => {
  it('answers no roles and an empty report', async () => {
    const server = await startTestServer();
    try {
      const client = new TestClient(server);
      expect((await client.signInAs(testAccount(1))).errors).toBeUndefined();
      const read = await client.request(
        '{ me { roles access { checkedAt stale rules { role } } } }',
      );
      expect(read.data).toEqual({
        me: { roles: [], access: { checkedAt: null, stale: false, rules: [] } },
      });
      const refreshed = await client.request(
        'mutation { refreshAccess { checkedAt rules { role } } }',
      );
      expect(refreshed.data).toEqual({ refreshAccess: { checkedAt: null, rules: [] } });
    } finally {
      await server.close();
    }
  });
});

describe('refreshAccess', () => {
  it('is limited like sign-in: RATE_LIMITED past RATE_LIMIT_PER_MINUTE, with when to retry', async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    // An allowlist needs no chain: the check reads nothing.
    const server = await startTestServer({
      env: {
        RATE_LIMIT_PER_MINUTE: '2',
        ACCESS_RULES: JSON.stringify([
          { role: 'friend', any: [{ type: 'allowlist', addresses: [wallet.address] }] },
        ]),
      },
    });
    try {
      const client = new TestClient(server);
      expect((await client.signInAs(wallet)).errors).toBeUndefined();
      const refresh = () => client.request(REFRESH_GRANTED);
      expect((await refresh()).data?.refreshAccess.rules).toEqual([
        { role: 'friend', granted: true },
      ]);
      expect((await refresh()).errors).toBeUndefined();
      const refused = await refresh();
      expect(errorCode(refused)).toBe('RATE_LIMITED');
      expect(refused.errors?.[0]?.extensions?.retryAfterSeconds).toBeGreaterThan(0);
    } finally {
      await server.close();
    }
  });
});

describe('a malformed rules file', () => {
  it('stops the start with exit code 1 and one line naming the rule and the field', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sigil-rules-'));
    const path = join(dir, 'rules.json');
    writeFileSync(
      path,
      JSON.stringify([
        { role: 'holder', any: [{ type: 'native', chainId: CHAIN_A }] },
        { role: 'member', all: [{ type: 'erc721', chainId: CHAIN_A, contract: '0x1234' }] },
      ]),
    );
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(new URL('../../src/main.ts', import.meta.url))],
      {
        cwd: fileURLToPath(new URL('../../../', import.meta.url)),
        env: {
          PATH: process.env.PATH,
          ...(process.env.NODE_OPTIONS && { NODE_OPTIONS: process.env.NODE_OPTIONS }),
          CHAINS: String(CHAIN_A),
          ACCESS_RULES: path,
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    rmSync(dir, { recursive: true });
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([
      'Invalid configuration: ACCESS_RULES: rule 1 ("member") all.0.contract is not an address (0x and 40 hex digits)',
    ]);
  });
});
