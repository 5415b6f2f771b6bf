import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  type Abi,
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeFunctionData,
  type Hex,
  http,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

/**
 * Test contract wallets on a local Hardhat node: an ERC-1271 wallet with one
 * owner key (`OwnedWallet`) and a CREATE2 factory for it, so tests can sign in
 * with a deployed contract wallet (EIP-1271) or one that does not exist yet
 * (EIP-6492). Compiled offline with solcjs at test time; never downloads a
 * compiler.
 */
export type ContractWallets = {
  factoryAddress: Address;
  walletAbi: Abi;
  factoryAbi: Abi;
  /** Deploys an OwnedWallet for `owner` through the factory and returns its address. */
  deployWallet(owner: Address, salt: Hex): Promise<Address>;
  /**
   * Where the factory would deploy the wallet, and the call that would deploy
   * it: the `factory` and `factoryData` of an EIP-6492 signature.
   */
  counterfactualWallet(
    owner: Address,
    salt: Hex,
  ): Promise<{ address: Address; factory: Address; factoryData: Hex }>;
  /** Whether any code lives at `address` now. */
  isDeployed(address: Address): Promise<boolean>;
};

export type DeployContractWalletsParameters = { rpcUrl: string; chainId: number };

type CompiledContract = { abi: Abi; bytecode: Hex };
type CompiledContracts = { wallet: CompiledContract; factory: CompiledContract };

const SOLC_VERSION = '0.8.28';
/** Hardhat's account #0 of the well-known test mnemonic: funded on every Hardhat node, test-only. */
export const DEPLOYER_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';

const require = createRequire(import.meta.url);
let compiled: CompiledContracts | undefined;

/** Compiles the contracts once per process: solcjs takes a few seconds. */
export function compileContractWallets(): CompiledContracts {
  if (compiled) return compiled;
  const solc = require('solc') as { compile(input: string): string; version(): string };
  if (!solc.version().startsWith(SOLC_VERSION)) {
    throw new Error(`expected solc ${SOLC_VERSION}, found ${solc.version()}`);
  }
  const source = (name: string) => ({
    content: readFileSync(new URL(`./contracts/${name}`, import.meta.url), 'utf8'),
  });
  const input = {
    language: 'Solidity',
    sources: {
      'OwnedWallet.sol': source('OwnedWallet.sol'),
      'OwnedWalletFactory.sol': source('OwnedWalletFactory.sol'),
    },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      // Hardhat 2.29's default hardfork runs cancun bytecode.
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
  const contract = (file: string, name: string): CompiledContract => {
    const artifact = output.contracts[file]?.[name];
    if (!artifact) throw new Error(`solc produced no ${name}`);
    return { abi: artifact.abi, bytecode: `0x${artifact.evm.bytecode.object}` };
  };
  compiled = {
    wallet: contract('OwnedWallet.sol', 'OwnedWallet'),
    factory: contract('OwnedWalletFactory.sol', 'OwnedWalletFactory'),
  };
  return compiled;
}

/** Deploys the wallet factory to the node at `rpcUrl` and returns helpers around it. */
export async function deployContractWallets(
  parameters: DeployContractWalletsParameters,
): Promise<ContractWallets> {
  const { rpcUrl, chainId } = parameters;
  const { wallet, factory } = compileContractWallets();
  const chain = defineChain({
    id: chainId,
    name: `Hardhat ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  // Hardhat mines on every transaction, so receipts are ready at once: poll fast.
  const publicClient = createPublicClient({ chain, transport: http(rpcUrl), pollingInterval: 50 });
  const walletClient = createWalletClient({
    account: privateKeyToAccount(DEPLOYER_KEY),
    chain,
    transport: http(rpcUrl),
  });

  const deployHash = await walletClient.deployContract({
    abi: factory.abi,
    bytecode: factory.bytecode,
  });
  const { contractAddress: factoryAddress } = await publicClient.waitForTransactionReceipt({
    hash: deployHash,
  });
  if (!factoryAddress) throw new Error('the wallet factory did not deploy');

  const computeAddress = (owner: Address, salt: Hex) =>
    publicClient.readContract({
      address: factoryAddress,
      abi: factory.abi,
      functionName: 'computeAddress',
      args: [owner, salt],
    }) as Promise<Address>;

  return {
    factoryAddress,
    walletAbi: wallet.abi,
    factoryAbi: factory.abi,

    async deployWallet(owner, salt) {
      const hash = await walletClient.writeContract({
        address: factoryAddress,
        abi: factory.abi,
        functionName: 'deploy',
        args: [owner, salt],
      });
      const receipt = await publicClient.waitForTransactionReceipt({ hash });
      if (receipt.status !== 'success') throw new Error('the wallet did not deploy');
      return computeAddress(owner, salt);
    },

    async counterfactualWallet(owner, salt) {
      return {
        address: await computeAddress(owner, salt),
        factory: factoryAddress,
        factoryData: encodeFunctionData({
          abi: factory.abi,
          functionName: 'deploy',
          args: [owner, salt],
        }),
      };
    },

    async isDeployed(address) {
      const code = await publicClient.getCode({ address });
      return code !== undefined && code !== '0x';
    },
  };
}
