import { generateKeyPairSync, sign } from 'node:crypto';
import { encodeBase58, formatSiwsMessage } from '@sigil/siwe';
import { describe, expect, it } from 'vitest';
import { activateLocale } from '../i18n/activate-locale';
import { verifyWalletProof } from './verify-wallet-proof';

const { privateKey, publicKey } = generateKeyPairSync('ed25519');
const address = encodeBase58(
  new Uint8Array(Buffer.from(publicKey.export({ format: 'jwk' }).x ?? '', 'base64url')),
);
const message = formatSiwsMessage({
  domain: 'sigil.example',
  address,
  statement: 'Sign in to Sigil.',
  uri: 'https://sigil.example/',
  version: '1',
  chainId: 'devnet',
  nonce: 'solproof0001',
  issuedAt: '2031-05-01T12:00:00.000Z',
});
const signature = encodeBase58(new Uint8Array(sign(null, Buffer.from(message), privateKey)));
const wallet = {
  address,
  kind: 'EOA' as const,
  chainId: null,
  proof: { message, signature, chainId: null, signedAt: '2031-05-01T12:00:01.000Z' },
};
const verify = (overrides: Partial<typeof wallet> = {}, expectedDomain = 'sigil.example') =>
  verifyWalletProof({
    wallet: { ...wallet, ...overrides },
    expectedDomain,
    chains: [],
    now: new Date('2031-05-02T00:00:00.000Z'),
  });
const failed = async (result: ReturnType<typeof verify>) =>
  (await result).checks.filter((check) => !check.ok).map((check) => check.name);

describe('verifyWalletProof of a Solana wallet', () => {
  it('verifies the key’s Ed25519 signature and every field, in the browser', async () => {
    const result = await verify();
    expect(result.verified).toBe(true);
    expect(result.signer).toEqual({ kind: 'ED25519', address });
    expect(result.checks.find((check) => check.name === 'chain')?.detail).toMatch(/Solana devnet/);
  });

  it('refuses a signature over other bytes, another site, and another wallet', async () => {
    const other = encodeBase58(new Uint8Array(sign(null, Buffer.from(`${message} `), privateKey)));
    expect(await failed(verify({ proof: { ...wallet.proof, signature: other } }))).toEqual([
      'signature',
    ]);
    expect(await failed(verify({}, 'elsewhere.example'))).toEqual(['domain']);
    expect(await failed(verify({ address: '11111111111111111111111111111111' }))).toEqual([
      'address',
    ]);
  });

  it('says a signature that is not 64 bytes of base58 is malformed', async () => {
    const result = await verify({ proof: { ...wallet.proof, signature: '0xdeadbeef' } });
    expect(result.signer).toEqual({ kind: 'invalid', reason: 'NOT_BASE58' });
  });

  it("says each check in the page's language, as an Ethereum proof's checks are", async () => {
    await activateLocale('de-DE');
    try {
      const other = encodeBase58(
        new Uint8Array(sign(null, Buffer.from(`${message} `), privateKey)),
      );
      const result = await verify(
        { proof: { ...wallet.proof, signature: other } },
        'elsewhere.example',
      );
      const detail = (name: string) => result.checks.find((check) => check.name === name)?.detail;
      expect(detail('domain')).toBe('sigil.example ist nicht diese Website (elsewhere.example)');
      expect(detail('signature')).toBe('die Signatur stammt nicht von diesem Schlüssel');
      const garbled = await verify({
        proof: { ...wallet.proof, message: message.replace('Version: 1', 'Version: 9') },
      });
      expect(garbled.checks[0]?.detail).toBe(
        'Der Nachweis ist keine Sign-In-With-Solana-Nachricht.',
      );
    } finally {
      await activateLocale('en-US');
    }
  });
});
