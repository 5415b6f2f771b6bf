import { type Address, type Hex, numberToHex, serializeErc6492Signature } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CountingRpcProxy,
  startCountingRpcProxy,
} from '../../../../testing/counting-rpc-proxy.js';
import {
  type ContractWallets,
  deployContractWallets,
} from '../../../../testing/deploy-contract-wallets.js';
import { type HardhatNode, startHardhatNode } from '../../../../testing/hardhat-node.js';
import { InvalidSignatureError, UnsupportedChainError } from '../../errors.js';
import { createSignatureVerifier, type SignatureVerifier } from './verify-signature.js';

// Hardhat takes a few seconds to start and solcjs a few more to compile.
const SLOW = 60_000;

function signInMessage(address: Address, chainId: number): string {
  return `localhost wants you to sign in with your Ethereum account:
${address}

Sign in to Sigil.

URI: http://localhost:3000
Version: 1
Chain ID: ${chainId}
Nonce: ${crypto.randomUUID().replaceAll('-', '')}
Issued At: ${new Date().toISOString()}`;
}

function salt(n: number): Hex {
  return numberToHex(n, { size: 32 });
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    (value) => {
      throw new Error(`expected a rejection, got ${String(value)}`);
    },
    (error: unknown) => error,
  );
}

let node: HardhatNode;
let proxy: CountingRpcProxy;
let wallets: ContractWallets;
let verifier: SignatureVerifier;
const owner = privateKeyToAccount(generatePrivateKey());
const stranger = privateKeyToAccount(generatePrivateKey());

beforeAll(async () => {
  node = await startHardhatNode();
  proxy = await startCountingRpcProxy(node.url);
  wallets = await deployContractWallets({ rpcUrl: node.url, chainId: node.chainId });
  verifier = createSignatureVerifier({
    chains: [{ id: node.chainId, rpcUrl: proxy.url }],
    // The deadline is not under test here (see verify-signature-rpc-down.test.ts): it is only a failure
    // bound, wide enough for a Hardhat node on a loaded machine, inside the test timeout.
    timeoutMs: 20_000,
  });
}, SLOW);

afterAll(async () => {
  await verifier?.close();
  await proxy?.close();
  await node?.stop();
}, SLOW);

describe('signature verification on a real Hardhat chain', () => {
  it('verifies an EOA signature locally, without a single request to the chain', async () => {
    const message = signInMessage(owner.address, node.chainId);
    const signature = await owner.signMessage({ message });
    const before = proxy.methods.length;
    await expect(
      verifier.verify({ address: owner.address, message, signature, chainId: node.chainId }),
    ).resolves.toBe('EOA');
    expect(proxy.methods.length).toBe(before);
  });

  it("verifies a deployed ERC-1271 wallet's signature by its owner as CONTRACT", async () => {
    const wallet = await wallets.deployWallet(owner.address, salt(1));
    const message = signInMessage(wallet, node.chainId);
    const signature = await owner.signMessage({ message });
    const before = proxy.methods.length;
    await expect(
      verifier.verify({ address: wallet, message, signature, chainId: node.chainId }),
    ).resolves.toBe('CONTRACT');
    expect(proxy.methods.length).toBeGreaterThan(before);
  });

  it('refuses the deployed wallet signed by a key that does not own it', async () => {
    const wallet = await wallets.deployWallet(owner.address, salt(2));
    const message = signInMessage(wallet, node.chainId);
    const signature = await stranger.signMessage({ message });
    const error = await rejection(
      verifier.verify({ address: wallet, message, signature, chainId: node.chainId }),
    );
    expect(error).toBeInstanceOf(InvalidSignatureError);
    expect(error).toMatchObject({ details: { reason: 'WALLET_REJECTED' } });
  });

  it('verifies an EIP-6492 signature of a wallet not deployed yet as COUNTERFACTUAL, and deploys nothing', async () => {
    const { address, factory, factoryData } = await wallets.counterfactualWallet(
      owner.address,
      salt(3),
    );
    expect(await wallets.isDeployed(address)).toBe(false);
    const message = signInMessage(address, node.chainId);
    const signature = serializeErc6492Signature({
      address: factory,
      data: factoryData,
      signature: await owner.signMessage({ message }),
    });
    await expect(
      verifier.verify({ address, message, signature, chainId: node.chainId }),
    ).resolves.toBe('COUNTERFACTUAL');
    expect(await wallets.isDeployed(address)).toBe(false);
  });

  it('verifies an EIP-6492 signature as CONTRACT once the wallet has been deployed', async () => {
    const { address, factory, factoryData } = await wallets.counterfactualWallet(
      owner.address,
      salt(4),
    );
    const message = signInMessage(address, node.chainId);
    const signature = serializeErc6492Signature({
      address: factory,
      data: factoryData,
      signature: await owner.signMessage({ message }),
    });
    await wallets.deployWallet(owner.address, salt(4));
    await expect(
      verifier.verify({ address, message, signature, chainId: node.chainId }),
    ).resolves.toBe('CONTRACT');
  });

  it('refuses an EIP-6492 signature made by a key that does not own the wallet', async () => {
    const { address, factory, factoryData } = await wallets.counterfactualWallet(
      owner.address,
      salt(5),
    );
    const message = signInMessage(address, node.chainId);
    const signature = serializeErc6492Signature({
      address: factory,
      data: factoryData,
      signature: await stranger.signMessage({ message }),
    });
    const error = await rejection(
      verifier.verify({ address, message, signature, chainId: node.chainId }),
    );
    expect(error).toBeInstanceOf(InvalidSignatureError);
    expect(error).toMatchObject({ details: { reason: 'WALLET_REJECTED' } });
    expect(await wallets.isDeployed(address)).toBe(false);
  });

  it('refuses a chain id that is not configured', async () => {
    const message = signInMessage(owner.address, 1);
    const signature = await owner.signMessage({ message });
    await expect(
      verifier.verify({ address: owner.address, message, signature, chainId: 1 }),
    ).rejects.toBeInstanceOf(UnsupportedChainError);
  });

  it.each([
    ['an account without code', () => stranger.address],
    ['a deployed wallet', () => wallets.deployWallet(owner.address, salt(6))],
  ])('refuses garbage signature bytes for %s', async (_, addressOf) => {
    const address = await addressOf();
    const message = signInMessage(address, node.chainId);
    for (const signature of ['0x', '0xdeadbeef', `0x${'ab'.repeat(65)}`] as const) {
      const error = await rejection(
        verifier.verify({ address, message, signature, chainId: node.chainId }),
      );
      expect(error).toBeInstanceOf(InvalidSignatureError);
      expect(error).toMatchObject({ details: { reason: 'WALLET_REJECTED' } });
    }
  });

  it('asks the chain once for wrong signatures sent again and again for an address without code', async () => {
    const target = privateKeyToAccount(generatePrivateKey()).address;
    const message = signInMessage(target, node.chainId);
    const wrongSignature = async () =>
      rejection(
        verifier.verify({
          address: target,
          message,
          signature: await stranger.signMessage({ message }),
          chainId: node.chainId,
        }),
      );
    expect(await wrongSignature()).toMatchObject({ details: { reason: 'WALLET_REJECTED' } });
    const afterFirst = proxy.httpRequests;
    for (let attempt = 0; attempt < 10; attempt++) {
      const error = await wrongSignature();
      expect(error).toBeInstanceOf(InvalidSignatureError);
      expect(error).toMatchObject({ details: { reason: 'WALLET_REJECTED' } });
    }
    expect(proxy.httpRequests).toBe(afterFirst);
  });

  it('still asks the chain for an address with code, and for an EIP-6492 signature of an address remembered without code', async () => {
    const wallet = await wallets.deployWallet(owner.address, salt(8));
    const walletMessage = signInMessage(wallet, node.chainId);
    const wrong = await stranger.signMessage({ message: walletMessage });
    await rejection(
      verifier.verify({
        address: wallet,
        message: walletMessage,
        signature: wrong,
        chainId: node.chainId,
      }),
    );
    const before = proxy.httpRequests;
    await rejection(
      verifier.verify({
        address: wallet,
        message: walletMessage,
        signature: wrong,
        chainId: node.chainId,
      }),
    );
    expect(proxy.httpRequests).toBeGreaterThan(before);

    const { address, factory, factoryData } = await wallets.counterfactualWallet(
      owner.address,
      salt(9),
    );
    const message = signInMessage(address, node.chainId);
    await rejection(
      verifier.verify({
        address,
        message,
        signature: await stranger.signMessage({ message }),
        chainId: node.chainId,
      }),
    );
    const signature = serializeErc6492Signature({
      address: factory,
      data: factoryData,
      signature: await owner.signMessage({ message }),
    });
    await expect(
      verifier.verify({ address, message, signature, chainId: node.chainId }),
    ).resolves.toBe('COUNTERFACTUAL');
  });

  it('answers many concurrent contract checks', async () => {
    const wallet = await wallets.deployWallet(owner.address, salt(7));
    const checks = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const message = signInMessage(wallet, node.chainId);
        return { message, signature: await owner.signMessage({ message }) };
      }),
    );
    const kinds = await Promise.all(
      checks.map(({ message, signature }) =>
        verifier.verify({ address: wallet, message, signature, chainId: node.chainId }),
      ),
    );
    expect(kinds).toEqual(Array(20).fill('CONTRACT'));
  });
});
