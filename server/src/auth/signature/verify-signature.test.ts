import { serializeErc6492Signature } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../../testing/hardhat-node.js';
import { InvalidSignatureError, RateLimitedError, UnsupportedChainError } from '../../errors.js';
import { createSignatureVerifier } from './verify-signature.js';

// Nothing listens on this port: any request the verifier sends fails at once,
// so these tests prove what is decided without asking a chain.
const closedPort = await freePort();
const verifier = createSignatureVerifier({
  chains: [{ id: 31337, rpcUrl: `http://127.0.0.1:${closedPort}` }],
  timeoutMs: 1500,
  workers: 1,
});
afterAll(() => verifier.close());

const signer = privateKeyToAccount(generatePrivateKey());
const message = `localhost wants you to sign in with your Ethereum account:
${signer.address}

URI: http://localhost:3000
Version: 1
Chain ID: 31337
Nonce: abcdefgh1234
Issued At: 2025-01-01T00:00:00.000Z`;

describe('createSignatureVerifier', () => {
  it("recognises the owner's own signature as an EOA without asking the chain", async () => {
    const signature = await signer.signMessage({ message });
    await expect(
      verifier.verify({ address: signer.address, message, signature, chainId: 31337 }),
    ).resolves.toBe('EOA');
  });

  it('accepts the address in any letter case', async () => {
    const signature = await signer.signMessage({ message });
    const address = signer.address.toLowerCase() as `0x${string}`;
    await expect(verifier.verify({ address, message, signature, chainId: 31337 })).resolves.toBe(
      'EOA',
    );
  });

  it('refuses a chain id that is not configured, before anything else', async () => {
    const signature = await signer.signMessage({ message });
    await expect(
      verifier.verify({ address: signer.address, message, signature, chainId: 1 }),
    ).rejects.toBeInstanceOf(UnsupportedChainError);
  });

  it('refuses a signature that is not hex, without asking the chain', async () => {
    const error = await verifier
      .verify({ address: signer.address, message, signature: '0xnothex', chainId: 31337 })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InvalidSignatureError);
    expect(error).toMatchObject({ details: { reason: 'MALFORMED_SIGNATURE' } });
  });

  it('refuses a signature of an odd number of hex digits, without recovering it', async () => {
    const signature = await signer.signMessage({ message });
    const error = await verifier
      .verify({ address: signer.address, message, signature: `${signature}0`, chainId: 31337 })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ details: { reason: 'MALFORMED_SIGNATURE' } });
  });

  it('refuses a broken EIP-6492 envelope, without asking the chain', async () => {
    const wrapped = serializeErc6492Signature({
      address: signer.address,
      data: '0xdeadbeef',
      signature: await signer.signMessage({ message }),
    });
    // Keep the magic suffix, cut the ABI-encoded body short.
    const broken = `0x${wrapped.slice(-96)}` as const;
    const error = await verifier
      .verify({ address: signer.address, message, signature: broken, chainId: 31337 })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ details: { reason: 'MALFORMED_SIGNATURE' } });
  });

  it("asks the chain when the signature is someone else's, and when the chain is down says first that the signature does not match", async () => {
    const stranger = privateKeyToAccount(generatePrivateKey());
    const signature = await stranger.signMessage({ message });
    const error = await verifier
      .verify({ address: signer.address, message, signature, chainId: 31337 })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InvalidSignatureError);
    expect(error).toMatchObject({
      message: `the signature does not match the address ${signer.address} (chain 31337 could not be asked whether it is a contract wallet)`,
      details: { reason: 'SIGNER_MISMATCH', chainCheck: 'CHAIN_UNAVAILABLE' },
    });
  });
});

describe('the recovery pool of createSignatureVerifier', () => {
  it('recovers with WebAssembly where it loads, and says so', async () => {
    await expect(verifier.recovery()).resolves.toEqual({ name: 'webassembly' });
  });

  it('recognises an EOA the same with the JavaScript recovery it falls back to', async () => {
    const javascript = createSignatureVerifier({
      chains: [{ id: 31337, rpcUrl: `http://127.0.0.1:${closedPort}` }],
      workers: 1,
      recovery: 'javascript',
    });
    try {
      await expect(javascript.recovery()).resolves.toMatchObject({ name: 'javascript' });
      const signature = await signer.signMessage({ message });
      await expect(
        javascript.verify({ address: signer.address, message, signature, chainId: 31337 }),
      ).resolves.toBe('EOA');
    } finally {
      await javascript.close();
    }
  });

  it('refuses sign-ins beyond its queue with RATE_LIMITED, and verifies the rest', async () => {
    const small = createSignatureVerifier({
      chains: [{ id: 31337, rpcUrl: `http://127.0.0.1:${closedPort}` }],
      workers: 1,
      maxQueue: 1,
    });
    try {
      const signature = await signer.signMessage({ message });
      const attempt = () =>
        small
          .verify({ address: signer.address, message, signature, chainId: 31337 })
          .catch((caught: unknown) => caught);
      expect(await attempt()).toBe('EOA'); // the thread is up
      // All at once: one runs, one waits, the queue holds no more.
      const outcomes = await Promise.all(Array.from({ length: 20 }, attempt));
      const refused = outcomes.filter((outcome) => outcome instanceof RateLimitedError);
      expect(outcomes.filter((outcome) => outcome === 'EOA')).toHaveLength(2);
      expect(refused).toHaveLength(18);
      expect(refused[0]).toMatchObject({ code: 'RATE_LIMITED', details: { retryAfterSeconds: 1 } });
      expect(small.poolStats()).toEqual({ queueDepth: 0, utilisation: expect.any(Number) });
    } finally {
      await small.close();
    }
  });
});
