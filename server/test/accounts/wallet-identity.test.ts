import { type Address, type LocalAccount, serializeErc6492Signature } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ContractWallets,
  deployContractWallets,
} from '../../../testing/deploy-contract-wallets.js';
import { deploySameAddressOnTwoChains } from '../../../testing/deploy-wallet-with-create.js';
import { type HardhatNode, startHardhatNode } from '../../../testing/hardhat-node.js';
import { graphql } from '../generated/index.js';
import { databaseBackends } from '../support/each-database.js';
import { errorCode, TestClient } from '../support/graphql-client.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const ME = graphql(`
  query WalletIdentityMe {
    me {
      id
      address
      sessions { id }
      signIns(first: 20) { edges { node { address chainId walletKind } } }
    }
  }
`);

const LINK_STATEMENT = graphql(`
  query WalletIdentityLinkStatement {
    me { id linkStatement }
  }
`);

const LINK_WALLET = graphql(`
  mutation WalletIdentityLinkWallet($m: String!, $s: String!) {
    linkWallet(message: $m, signature: $s) { kind chainId }
  }
`);

/**
 * A wallet's identity (docs/sign-in.md, "Which account a sign-in opens") on two real chains: a contract
 * wallet proves ownership only on the chain it proved it on, an EOA on every
 * chain. The setup is the cross-chain takeover: one contract address, owned by
 * key A on chain A and by key M on chain B.
 */
const CHAIN_A = 31337;
const CHAIN_B = 11155111;
// Two Hardhat nodes, a compile and deployments: seconds, not milliseconds.
const SLOW = 90_000;

let chainA: HardhatNode;
let chainB: HardhatNode;
let factoryOnA: ContractWallets;

beforeAll(async () => {
  [chainA, chainB] = await Promise.all([
    startHardhatNode({ chainId: CHAIN_A }),
    startHardhatNode({ chainId: CHAIN_B }),
  ]);
  factoryOnA = await deployContractWallets({ rpcUrl: chainA.url, chainId: CHAIN_A });
}, SLOW);

afterAll(async () => {
  await Promise.all([chainA?.stop(), chainB?.stop()]);
}, SLOW);

/**
 * One contract address owned by a fresh key on each chain: the same fresh
 * deployer's first CREATE on both chains lands at one address.
 */
function deploySameAddressOnBothChains() {
  return deploySameAddressOnTwoChains(
    { rpcUrl: chainA.url, chainId: CHAIN_A },
    { rpcUrl: chainB.url, chainId: CHAIN_B },
  );
}

describe.each(databaseBackends)('wallet identity on $name', ({ name, kind, available }) => {
  describe.skipIf(!available)(name, () => {
    let server: TestServer;

    beforeAll(async () => {
      server = await startTestServer({
        database: kind,
        env: {
          CHAINS: `${CHAIN_A},${CHAIN_B}`,
          [`RPC_URL_${CHAIN_A}`]: chainA.url,
          [`RPC_URL_${CHAIN_B}`]: chainB.url,
        },
      });
    }, SLOW);
    afterAll(() => server?.close());

    /** Signs in as `address` on `chainId` with a signature made by `signer`. */
    async function signIn(
      client: TestClient,
      p: {
        address: Address;
        chainId: number;
        signer: LocalAccount;
        wrap?: (s: `0x${string}`) => `0x${string}`;
      },
    ) {
      const message = await client.prepareMessage(p.signer, {
        address: p.address,
        chainId: p.chainId,
      });
      const signature = await p.signer.signMessage({ message });
      return client.signIn(message, p.wrap ? p.wrap(signature) : signature);
    }

    async function me(client: TestClient) {
      const result = await client.request(ME);
      if (!result.data?.me) throw new Error(`not signed in: ${JSON.stringify(result.errors)}`);
      return result.data.me;
    }

    it(
      'gives the owner on chain B another account than the owner on chain A, and each their own again',
      async () => {
        const { wallet, ownerA, ownerB } = await deploySameAddressOnBothChains();

        const a = new TestClient(server);
        const first = await signIn(a, { address: wallet, chainId: CHAIN_A, signer: ownerA });
        expect(first.errors).toBeUndefined();
        const accountX = first.data?.signIn.account.id;

        const m = new TestClient(server);
        const taker = await signIn(m, { address: wallet, chainId: CHAIN_B, signer: ownerB });
        expect(taker.errors).toBeUndefined();
        const accountY = taker.data?.signIn.account.id;
        expect(accountY).toMatch(/^[0-9a-f-]{36}$/);
        expect(accountY).not.toBe(accountX);

        // Chain B's owner sees nothing of A's account: not its sessions, not its history.
        const seenByM = await me(m);
        expect(seenByM).toMatchObject({ id: accountY, address: wallet });
        expect(seenByM.sessions).toHaveLength(1);
        expect(seenByM.signIns.edges.map(({ node }) => node)).toEqual([
          { address: wallet, chainId: CHAIN_B, walletKind: 'CONTRACT' },
        ]);
        const seenByA = await me(a);
        expect(seenByA.id).toBe(accountX);
        expect(seenByA.signIns.edges.map(({ node }) => node.chainId)).toEqual([CHAIN_A]);

        // Each reaches their own account on a second sign-in, from a new browser.
        const again = async (chainId: number, signer: LocalAccount) =>
          (await signIn(new TestClient(server), { address: wallet, chainId, signer })).data?.signIn
            .account.id;
        expect(await again(CHAIN_A, ownerA)).toBe(accountX);
        expect(await again(CHAIN_B, ownerB)).toBe(accountY);

        // Neither key proves the wallet on the other's chain.
        const crossed = await signIn(new TestClient(server), {
          address: wallet,
          chainId: CHAIN_A,
          signer: ownerB,
        });
        expect(errorCode(crossed)).toBe('INVALID_SIGNATURE');
      },
      SLOW,
    );

    it(
      'links a contract wallet on its own chain only: its address on another chain is another account',
      async () => {
        const { wallet, ownerA, ownerB } = await deploySameAddressOnBothChains();

        // A's own key signs in, then links the contract wallet, proven on chain A.
        const a = new TestClient(server);
        await signIn(a, { address: ownerA.address, chainId: CHAIN_A, signer: ownerA });
        const { linkStatement, id: accountX } = (await a.request(LINK_STATEMENT)).data?.me ?? {
          id: '',
          linkStatement: '',
        };
        const message = await a.prepareMessage(ownerA, {
          address: wallet,
          chainId: CHAIN_A,
          statement: linkStatement,
        });
        const linked = await a.request(LINK_WALLET, {
          m: message,
          s: await ownerA.signMessage({ message }),
        });
        expect(linked.data?.linkWallet).toEqual({ kind: 'CONTRACT', chainId: CHAIN_A });

        // The linked wallet signs in to A's account on chain A ...
        const again = await signIn(new TestClient(server), {
          address: wallet,
          chainId: CHAIN_A,
          signer: ownerA,
        });
        expect(again.data?.signIn.account.id).toBe(accountX);
        // ... and the same address proven on chain B by its owner there is someone else.
        const taker = await signIn(new TestClient(server), {
          address: wallet,
          chainId: CHAIN_B,
          signer: ownerB,
        });
        expect(taker.errors).toBeUndefined();
        expect(taker.data?.signIn.account.id).not.toBe(accountX);
      },
      SLOW,
    );

    it('opens one account for an EOA that signs on several chains', async () => {
      const key = privateKeyToAccount(generatePrivateKey());
      const client = new TestClient(server);
      const onA = await signIn(client, { address: key.address, chainId: CHAIN_A, signer: key });
      const onB = await signIn(new TestClient(server), {
        address: key.address,
        chainId: CHAIN_B,
        signer: key,
      });
      expect(onA.data?.signIn.account.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(onB.data?.signIn.account.id).toBe(onA.data?.signIn.account.id);
      const history = (await me(client)).signIns.edges.map(({ node }) => node);
      expect(history).toEqual([
        { address: key.address, chainId: CHAIN_B, walletKind: 'EOA' },
        { address: key.address, chainId: CHAIN_A, walletKind: 'EOA' },
      ]);
    });

    it(
      'keeps a counterfactual wallet on its account once it is deployed on the same chain',
      async () => {
        const owner = privateKeyToAccount(generatePrivateKey());
        const salt = generatePrivateKey();
        const { address, factory, factoryData } = await factoryOnA.counterfactualWallet(
          owner.address,
          salt,
        );
        const wrap = (signature: `0x${string}`) =>
          serializeErc6492Signature({ address: factory, data: factoryData, signature });

        const before = await signIn(new TestClient(server), {
          address,
          chainId: CHAIN_A,
          signer: owner,
          wrap,
        });
        expect(before.errors).toBeUndefined();
        await factoryOnA.deployWallet(owner.address, salt);
        const client = new TestClient(server);
        const after = await signIn(client, { address, chainId: CHAIN_A, signer: owner });
        expect(after.data?.signIn.account.id).toBe(before.data?.signIn.account.id);
        expect((await me(client)).signIns.edges.map(({ node }) => node.walletKind)).toEqual([
          'CONTRACT',
          'COUNTERFACTUAL',
        ]);
      },
      SLOW,
    );
  });
});
