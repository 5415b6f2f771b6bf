// `npm run chain`: local chains for docs/access.md's worked example, until Ctrl-C.
// One Hardhat node per chain the example names (a node has one chain id):
// Ethereum (1), Base (8453) and Polygon (137), each with Multicall3 at its
// canonical address and the example's token at the example's address, held by
// Alice's two wallets as the example says. It prints the CHAINS, RPC_URL_* and
// ACCESS_RULES lines to paste before `npm start`, and Alice's keys.
// `--free-ports` takes any free ports instead of 8545-8547 (the tests use it).
import type { Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { deployTestTokens, type TestTokens } from '../testing/deploy-test-tokens.js';
import { freePort } from '../testing/free-port.js';
import { type HardhatNode, startHardhatNode } from '../testing/hardhat-node.js';
import { installMulticall3 } from '../testing/install-multicall3.js';

const SGL = 10n ** 18n;

/** Hardhat's well-known test accounts #1 and #2 (its default mnemonic): never use them elsewhere. */
const ALICE = {
  A1: '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  A2: '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
} as const;
const A1 = privateKeyToAccount(ALICE.A1).address;
const A2 = privateKeyToAccount(ALICE.A2).address;

/** The rules of docs/access.md, "A worked example", as written there. */
export const EXAMPLE_RULES = [
  {
    role: 'holder',
    description: 'Holds at least 100 SGL on Base',
    any: [
      {
        type: 'erc20',
        chainId: 8453,
        contract: '0x1111111111111111111111111111111111111111',
        minBalance: '100000000000000000000',
      },
    ],
  },
  {
    role: 'member',
    all: [
      { type: 'erc721', chainId: 1, contract: '0x2222222222222222222222222222222222222222' },
      {
        type: 'erc1155',
        chainId: 137,
        contract: '0x3333333333333333333333333333333333333333',
        tokenId: '7',
        minBalance: '2',
      },
    ],
  },
  {
    role: 'friend',
    any: [
      {
        type: 'allowlist',
        addresses: [
          '0x4444444444444444444444444444444444444444',
          'eip155:8453:0x5555555555555555555555555555555555555555',
        ],
      },
    ],
  },
];

type ExampleChain = {
  id: number;
  name: string;
  port: number;
  at: Partial<Record<'erc20' | 'erc721' | 'erc1155', Address>>;
  /** What Alice's wallets hold there, as the example says. */
  hold(tokens: TestTokens): Promise<void>;
};

const CHAINS: ExampleChain[] = [
  {
    id: 1,
    name: 'Ethereum',
    port: 8545,
    at: { erc721: '0x2222222222222222222222222222222222222222' },
    hold: (tokens) => tokens.mintErc721(A1, 1n),
  },
  {
    id: 8453,
    name: 'Base',
    port: 8546,
    at: { erc20: '0x1111111111111111111111111111111111111111' },
    hold: async (tokens) => {
      await tokens.mintErc20(A1, 60n * SGL);
      await tokens.mintErc20(A2, 50n * SGL);
    },
  },
  {
    id: 137,
    name: 'Polygon',
    port: 8547,
    at: { erc1155: '0x3333333333333333333333333333333333333333' },
    hold: (tokens) => tokens.mintErc1155(A2, 7n, 1n),
  },
];

async function startChain(chain: ExampleChain, anyPort: boolean): Promise<HardhatNode> {
  const node = await startHardhatNode({
    chainId: chain.id,
    port: anyPort ? await freePort() : chain.port,
  });
  try {
    await installMulticall3(node.url);
    const tokens = await deployTestTokens({ rpcUrl: node.url, chainId: chain.id, at: chain.at });
    await chain.hold(tokens);
    return node;
  } catch (error) {
    await node.stop();
    throw error;
  }
}

async function main() {
  const anyPort = process.argv.includes('--free-ports');
  console.log(`Starting ${CHAINS.map((chain) => `${chain.name} (${chain.id})`).join(', ')}…`);
  const started = await Promise.allSettled(CHAINS.map((chain) => startChain(chain, anyPort)));
  const nodes = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const stopAll = () => Promise.all(nodes.map((node) => node.stop()));
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await stopAll();
    console.error(`npm run chain: ${(failed.reason as Error).message}`);
    if (!anyPort) console.error('A port taken? `npm run chain -- --free-ports` takes free ones.');
    process.exit(1);
  }

  const quoted = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;
  console.log(
    [
      '',
      'Local chains are up. Paste these lines into the shell that runs `npm start`:',
      '',
      `export CHAINS=${CHAINS.map((chain) => chain.id).join(',')}`,
      ...nodes.map((node) => `export RPC_URL_${node.chainId}=${node.url}`),
      `export ACCESS_RULES=${quoted(JSON.stringify(EXAMPLE_RULES))}`,
      '',
      "Alice's wallets (Hardhat's public test keys; import them into a wallet to try the account page):",
      `  A1 ${A1} key ${ALICE.A1}: 60 SGL on Base, one NFT on Ethereum`,
      `  A2 ${A2} key ${ALICE.A2}: 50 SGL on Base, one item 7 on Polygon`,
      '',
      'Ctrl-C stops the chains.',
    ].join('\n'),
  );

  const stop = async () => {
    await stopAll();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

await main();
