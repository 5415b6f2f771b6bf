import type { Wallet } from '@wallet-standard/base';
import { describe, expect, it } from 'vitest';
import { isSolanaSigningWallet } from './solana-wallet-features';

const wallet = (features: string[]): Wallet => ({
  version: '1.0.0',
  name: 'W',
  icon: 'data:image/svg+xml;base64,PHN2Zy8+',
  chains: ['solana:mainnet'],
  features: Object.fromEntries(features.map((name) => [name, {}])) as Wallet['features'],
  accounts: [],
});

describe('isSolanaSigningWallet', () => {
  it('takes a wallet that offers solana:signIn', () => {
    expect(isSolanaSigningWallet(wallet(['solana:signIn']))).toBe(true);
  });

  it('takes a wallet that offers solana:signMessage with standard:connect', () => {
    expect(isSolanaSigningWallet(wallet(['standard:connect', 'solana:signMessage']))).toBe(true);
  });

  it('leaves out signMessage without a way to get the account, and other chains’ wallets', () => {
    expect(isSolanaSigningWallet(wallet(['solana:signMessage']))).toBe(false);
    expect(isSolanaSigningWallet(wallet(['standard:connect', 'sui:signPersonalMessage']))).toBe(
      false,
    );
  });
});
