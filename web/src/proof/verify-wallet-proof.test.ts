import type { Address } from 'viem';
import { describe, expect, it } from 'vitest';
import { runtimeConfigFixture } from '../test/runtime-config-fixture';
import { siweTestMessage, testSigner } from './siwe-test-message';
import { verifyWalletProof } from './verify-wallet-proof';

// Port 9 (discard) never answers JSON-RPC: an EOA check that asked the chain would fail.
const chains = runtimeConfigFixture({
  chains: [
    {
      id: 31337,
      name: 'Hardhat',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrl: 'http://127.0.0.1:9',
      testnet: true,
    },
  ],
}).chains;
const now = new Date('2026-11-20T12:00:00Z');

async function proofOf(message: string, address: Address = testSigner.address) {
  const signature = await testSigner.signMessage({ message });
  return {
    address,
    kind: 'EOA' as const,
    chainId: null,
    proof: { message, signature, chainId: 31337, signedAt: '2026-11-20T10:00:01Z' },
  };
}

const verify = async (wallet: Awaited<ReturnType<typeof proofOf>>) =>
  verifyWalletProof({ wallet, expectedDomain: 'localhost:3000', chains, now, timeoutMs: 2000 });

describe('verifyWalletProof', () => {
  it("verifies an EOA's proof locally: domain, address, chain, issued at and signature", async () => {
    const result = await verify(await proofOf(siweTestMessage()));
    expect(result.checks.map((check) => [check.name, check.ok])).toEqual([
      ['domain', true],
      ['address', true],
      ['chain', true],
      ['issuedAt', true],
      ['signature', true],
    ]);
    expect(result.verified).toBe(true);
    expect(result.signer).toEqual({ kind: 'EOA', address: testSigner.address });
  });

  it('fails a proof signed for another site', async () => {
    const result = await verify(await proofOf(siweTestMessage({ domain: 'evil.example' })));
    expect(result.verified).toBe(false);
    expect(result.checks.find((check) => check.name === 'domain')?.ok).toBe(false);
  });

  it('fails a proof shown for another address than it names', async () => {
    const result = await verify(
      await proofOf(siweTestMessage(), '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'),
    );
    expect(result.verified).toBe(false);
    expect(result.checks.find((check) => check.name === 'address')?.ok).toBe(false);
  });

  it('fails a message whose signature is of another text', async () => {
    const wallet = await proofOf(siweTestMessage());
    wallet.proof.message = siweTestMessage({ nonce: 'zzzzzzzz12345678' });
    const result = await verify(wallet);
    expect(result.verified).toBe(false);
    expect(result.checks.find((check) => check.name === 'signature')?.ok).toBe(false);
  });

  it('fails an issued-at time in the future', async () => {
    const result = await verify(
      await proofOf(siweTestMessage({ issuedAt: '2027-01-01T00:00:00Z' })),
    );
    expect(result.checks.find((check) => check.name === 'issuedAt')?.ok).toBe(false);
  });
});
