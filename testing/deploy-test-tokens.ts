import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  type Abi,
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  getAddress,
  type Hex,
  http,
  numberToHex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { DEPLOYER_KEY } from './deploy-contract-wallets.js';
import { jsonRpc } from './json-rpc.js';

/**
 * An ERC-20, an ERC-721 and an ERC-1155 of our own (contracts/TestTokens.sol)
 * on a local Hardhat node, for the access rules: each with `mint` and a
 * test-only `move` standing for a transfer in or out. Compiled offline with
 * solcjs at test time.
 */
export type TestTokens = {
  erc20: Address;
  erc721: Address;
  erc1155: Address;
  mintErc20(to: Address, value: bigint): Promise<void>;
  moveErc20(from: Address, to: Address, value: bigint): Promise<void>;
  mintErc721(to: Address, tokenId: bigint): Promise<void>;
  moveErc721(to: Address, tokenId: bigint): Promise<void>;
  mintErc1155(to: Address, id: bigint, value: bigint): Promise<void>;
  moveErc1155(from: Address, to: Address, id: bigint, value: bigint): Promise<void>;
  /** Sets an address's native balance (wei), as `hardhat_setBalance` does. */
  setNativeBalance(address: Address, wei: bigint): Promise<void>;
};

type CompiledContract = { abi: Abi; bytecode: Hex };
type Compiled = Record<'TestToken' | 'TestNft' | 'TestMultiToken', CompiledContract>;

const require = createRequire(import.meta.url);
let compiled: Compiled | undefined;

/** Compiles the test tokens once per process. */
export function compileTestTokens(): Compiled {
  if (compiled) return compiled;
  const solc = require('solc') as { compile(input: string): string };
  const input = {
    language: 'Solidity',
    sources: {
      'TestTokens.sol': {
        content: readFileSync(new URL('./contracts/TestTokens.sol', import.meta.url), 'utf8'),
      },
    },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      evmVersion: 'cancun',
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((error) => error.severity === 'error');
  if (errors.length > 0) {
    throw new Error(`solc failed:\n${errors.map((error) => error.formattedMessage).join('\n')}`);
  }
  const contract = (name: keyof Compiled): CompiledContract => {
    const artifact = output.contracts['TestTokens.sol']?.[name];
    if (!artifact) throw new Error(`solc produced no ${name}`);
    return { abi: artifact.abi, bytecode: `0x${artifact.evm.bytecode.object}` };
  };
  compiled = {
    TestToken: contract('TestToken'),
    TestNft: contract('TestNft'),
    TestMultiToken: contract('TestMultiToken'),
  };
  return compiled;
}

export type DeployTestTokensParameters = {
  rpcUrl: string;
  chainId: number;
  /**
   * Addresses to place tokens at instead of where they deploy, e.g. the
   * made-up addresses of docs/access.md's example, which `npm run chain`
   * (scripts/chain.ts) serves.
   */
  at?: Partial<Record<'erc20' | 'erc721' | 'erc1155', Address>>;
};

export async function deployTestTokens(p: DeployTestTokensParameters): Promise<TestTokens> {
  const contracts = compileTestTokens();
  const chain = defineChain({
    id: p.chainId,
    name: `Hardhat ${p.chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [p.rpcUrl] } },
  });
  const publicClient = createPublicClient({
    chain,
    transport: http(p.rpcUrl),
    pollingInterval: 50,
  });
  const walletClient = createWalletClient({
    account: privateKeyToAccount(DEPLOYER_KEY),
    chain,
    transport: http(p.rpcUrl),
  });

  async function deploy(name: keyof Compiled, args: unknown[] = []): Promise<Address> {
    const { abi, bytecode } = contracts[name];
    const hash = await walletClient.deployContract({ abi, bytecode, args });
    const { contractAddress } = await publicClient.waitForTransactionReceipt({ hash });
    if (!contractAddress) throw new Error(`${name} did not deploy`);
    return getAddress(contractAddress);
  }

  async function write(name: keyof Compiled, address: Address, fn: string, args: unknown[]) {
    const hash = await walletClient.writeContract({
      address,
      abi: contracts[name].abi,
      functionName: fn,
      args,
    });
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success') throw new Error(`${name}.${fn} reverted`);
  }

  /**
   * The contract's code at `to` with hardhat_setCode, and the storage its
   * constructor wrote: slots 0 and 1 (name and symbol; zero in TestMultiToken).
   * A node has no way to deploy at a chosen address, and `mint` writes the rest.
   */
  async function place(from: Address, to: Address | undefined): Promise<Address> {
    if (to === undefined) return from;
    await jsonRpc(p.rpcUrl, 'hardhat_setCode', [
      to,
      await jsonRpc(p.rpcUrl, 'eth_getCode', [from]),
    ]);
    for (const slot of ['0x0', '0x1']) {
      const value = await jsonRpc(p.rpcUrl, 'eth_getStorageAt', [from, slot, 'latest']);
      await jsonRpc(p.rpcUrl, 'hardhat_setStorageAt', [to, slot, value]);
    }
    return getAddress(to);
  }

  const erc20 = await place(await deploy('TestToken', ['Sigil test token', 'SGL']), p.at?.erc20);
  const erc721 = await place(await deploy('TestNft'), p.at?.erc721);
  const erc1155 = await place(await deploy('TestMultiToken'), p.at?.erc1155);
  return {
    erc20,
    erc721,
    erc1155,
    mintErc20: (to, value) => write('TestToken', erc20, 'mint', [to, value]),
    moveErc20: (from, to, value) => write('TestToken', erc20, 'move', [from, to, value]),
    mintErc721: (to, tokenId) => write('TestNft', erc721, 'mint', [to, tokenId]),
    moveErc721: (to, tokenId) => write('TestNft', erc721, 'move', [to, tokenId]),
    mintErc1155: (to, id, value) => write('TestMultiToken', erc1155, 'mint', [to, id, value]),
    moveErc1155: (from, to, id, value) =>
      write('TestMultiToken', erc1155, 'move', [from, to, id, value]),
    setNativeBalance: async (address, wei) => {
      await jsonRpc(p.rpcUrl, 'hardhat_setBalance', [address, numberToHex(wei)]);
    },
  };
}
