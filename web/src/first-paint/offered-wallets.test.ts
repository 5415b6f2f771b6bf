import { describe, expect, it } from 'vitest';
import { buildWalletList } from '../wallet/build-wallet-list';
import { POPULAR_WALLETS, WALLET_CONNECT_WALLETS } from './offered-wallets';

/** What RainbowKit will list for the wallet factories buildWalletList returns. */
async function rainbowKitWallets(walletConnectProjectId: string | null) {
  const groups = await buildWalletList({ walletConnectProjectId });
  return groups.flatMap((group) =>
    group.wallets.map((createWallet) => {
      const wallet = createWallet({ projectId: 'test-project', appName: 'Sigil' });
      return { id: wallet.id, name: wallet.name, ...(wallet.rdns ? { rdns: wallet.rdns } : {}) };
    }),
  );
}

// The early wallet list is in the entry and cannot import RainbowKit: its copy of the list
// must stay RainbowKit's, or the list changes under a person's finger when RainbowKit's replaces it.
describe('the wallets the early list offers', () => {
  it("are RainbowKit's, in its order, without WalletConnect", async () => {
    expect(await rainbowKitWallets(null)).toEqual(POPULAR_WALLETS);
  });

  it("are RainbowKit's, in its order, with WalletConnect", async () => {
    expect(await rainbowKitWallets('test-project')).toEqual([
      ...POPULAR_WALLETS,
      ...WALLET_CONNECT_WALLETS,
    ]);
  });
});
