import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createTestSolanaWallet } from './test-solana-wallet';
import { useSolanaWallets } from './use-solana-wallets';

/** What a wallet extension does (@wallet-standard/wallet's registerWallet), by the window event. */
function registerByEvent(wallet: unknown) {
  const callback = ({ register }: { register(wallet: unknown): void }) => register(wallet);
  window.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: callback }));
}

describe('useSolanaWallets', () => {
  it('lists a Solana wallet that registers after the page started, and not other wallets', () => {
    const { result } = renderHook(() => useSolanaWallets());
    const before = result.current.length;
    const solana = createTestSolanaWallet();
    const other = { ...createTestSolanaWallet(), name: 'Sui only', features: {} };
    act(() => {
      registerByEvent(solana);
      registerByEvent(other);
    });
    expect(result.current).toHaveLength(before + 1);
    expect(result.current).toContain(solana);
    expect(result.current).not.toContain(other);
  });
});
