import type { InjectedProviderTest } from './injected-only-wallet';

/** Wallets that also set `isMetaMask` for compatibility, and are not MetaMask. */
const metaMaskImpostorFlags = [
  'isBraveWallet',
  'isCoinbaseWallet',
  'isOkxWallet',
  'isPhantom',
  'isRabby',
  'isRainbow',
  'isTrust',
  'isTrustWallet',
  'isZerion',
] as const;

export const isMetaMaskProvider: InjectedProviderTest = (provider) =>
  provider.isMetaMask === true && !metaMaskImpostorFlags.some((flag) => provider[flag] === true);

export const isRainbowProvider: InjectedProviderTest = (provider) => provider.isRainbow === true;
