import { decodeBase58, formatSiwsMessage, parseSiwsMessage } from '@sigil/siwe';
import { verifySolanaSignature } from '@sigil/siwe/solana-verify';
import { describe, expect, it } from 'vitest';
import { signWithSolanaWallet } from './sign-with-solana-wallet';
import { SolanaSigningError } from './solana-signing-error';
import { createTestSolanaWallet } from './test-solana-wallet';

const fields = {
  domain: 'sigil.example',
  uri: 'https://sigil.example/',
  statement: 'Sign in to Sigil.',
  chainId: 'mainnet',
  nonce: 'solnonce0001',
  issuedAt: new Date('2031-05-01T12:00:00.000Z'),
};

function bytesOf(base58: string): Uint8Array {
  const bytes = decodeBase58(base58);
  if (!bytes) throw new Error(`not base58: ${base58}`);
  return bytes;
}

describe('signWithSolanaWallet', () => {
  it('lets a solana:signIn wallet write the message from the server’s fields', async () => {
    const wallet = createTestSolanaWallet();
    const signed = await signWithSolanaWallet({ wallet, ...fields });
    expect(wallet.calls.map((call) => call.method)).toEqual(['signIn']);
    expect(wallet.calls[0]?.input).toEqual({
      ...fields,
      version: '1',
      issuedAt: '2031-05-01T12:00:00.000Z',
    });
    expect(parseSiwsMessage(signed.message)).toMatchObject({
      domain: 'sigil.example',
      address: wallet.address,
      nonce: 'solnonce0001',
      chainId: 'mainnet',
    });
    expect(signed.address).toBe(wallet.address);
    const signature = bytesOf(signed.signature);
    expect(signature).toHaveLength(64);
    expect(
      verifySolanaSignature({ message: signed.message, signature, address: wallet.address }),
    ).toBe(true);
  });

  it('connects and writes the message itself for a wallet with only solana:signMessage', async () => {
    const wallet = createTestSolanaWallet({ features: ['solana:signMessage'] });
    const signed = await signWithSolanaWallet({ wallet, ...fields });
    expect(wallet.calls.map((call) => call.method)).toEqual(['connect', 'signMessage']);
    expect(signed.message).toBe(
      formatSiwsMessage({
        ...fields,
        address: wallet.address,
        version: '1',
        issuedAt: '2031-05-01T12:00:00.000Z',
      }),
    );
    expect(
      verifySolanaSignature({
        message: signed.message,
        signature: bytesOf(signed.signature),
        address: wallet.address,
      }),
    ).toBe(true);
  });

  it('reports a refusal in the wallet as rejected', async () => {
    const wallet = createTestSolanaWallet({ refuse: true });
    const error = await signWithSolanaWallet({ wallet, ...fields }).catch((caught) => caught);
    expect(error).toBeInstanceOf(SolanaSigningError);
    expect(error.rejected).toBe(true);
  });

  it('refuses a signature that is not 64 bytes, as a wallet failure', async () => {
    const wallet = createTestSolanaWallet({ signature: new Uint8Array(63) });
    const error = await signWithSolanaWallet({ wallet, ...fields }).catch((caught) => caught);
    expect(error).toBeInstanceOf(SolanaSigningError);
    expect(error.rejected).toBe(false);
    expect(error.message).toMatch(/63 bytes/);
  });
});
