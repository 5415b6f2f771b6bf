import {
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  getContractAddress,
  type Hex,
  http,
  parseEther,
} from 'viem';
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { compileContractWallets, DEPLOYER_KEY } from './deploy-contract-wallets.js';

/**
 * Deploys an `OwnedWallet` for `owner` with a plain CREATE from
 * `deployerKey`'s first transaction on the node at `rpcUrl`. A contract's
 * CREATE address depends only on the deployer and its nonce, so the same
 * fresh deployer on two chains puts wallets with *different* owners at the
 * *same* address: the cross-chain takeover setup. The deployer is funded from
 * Hardhat's account #0 first.
 */
export async function deployWalletWithCreate(p: {
  rpcUrl: string;
  chainId: number;
  owner: Address;
  deployerKey: Hex;
}): Promise<Address> {
  const chain = defineChain({
    id: p.chainId,
    name: `Hardhat ${p.chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [p.rpcUrl] } },
  });
  const transport = http(p.rpcUrl);
  // Hardhat mines on every transaction, so receipts are ready at once: poll fast.
  const publicClient = createPublicClient({ chain, transport, pollingInterval: 50 });
  const deployer = privateKeyToAccount(p.deployerKey);
  const nonce = await publicClient.getTransactionCount({ address: deployer.address });
  if (nonce !== 0) throw new Error(`deployer ${deployer.address} has sent ${nonce} transactions`);

  const funder = createWalletClient({
    account: privateKeyToAccount(DEPLOYER_KEY),
    chain,
    transport,
  });
  await publicClient.waitForTransactionReceipt({
    hash: await funder.sendTransaction({ to: deployer.address, value: parseEther('1') }),
  });

  const { wallet } = compileContractWallets();
  const client = createWalletClient({ account: deployer, chain, transport });
  const receipt = await publicClient.waitForTransactionReceipt({
    hash: await client.deployContract({
      abi: wallet.abi,
      bytecode: wallet.bytecode,
      args: [p.owner],
    }),
  });
  const expected = getContractAddress({ from: deployer.address, nonce: 0n });
  if (
    receipt.status !== 'success' ||
    receipt.contractAddress?.toLowerCase() !== expected.toLowerCase()
  ) {
    throw new Error(`the wallet did not deploy at ${expected}`);
  }
  return expected;
}

/**
 * One contract wallet address on two chains, owned by a different fresh key
 * on each: the same fresh deployer's first CREATE on both nodes. Throws if
 * the addresses differ (the setup would then prove nothing).
 */
export async function deploySameAddressOnTwoChains(
  chainA: { rpcUrl: string; chainId: number },
  chainB: { rpcUrl: string; chainId: number },
): Promise<{ wallet: Address; ownerA: PrivateKeyAccount; ownerB: PrivateKeyAccount }> {
  const ownerA = privateKeyToAccount(generatePrivateKey());
  const ownerB = privateKeyToAccount(generatePrivateKey());
  const deployerKey = generatePrivateKey();
  const [onA, onB] = await Promise.all([
    deployWalletWithCreate({ ...chainA, owner: ownerA.address, deployerKey }),
    deployWalletWithCreate({ ...chainB, owner: ownerB.address, deployerKey }),
  ]);
  if (onA !== onB) throw new Error(`CREATE addresses differ: ${onA} and ${onB}`);
  return { wallet: onA, ownerA, ownerB };
}
