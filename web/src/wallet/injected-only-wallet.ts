import type { Wallet, WalletList } from '@rainbow-me/rainbowkit';
import { createConnector } from 'wagmi';
import { injected } from 'wagmi/connectors';

/** RainbowKit's wallet factory type (not exported by name). */
export type CreateWalletFn = WalletList[number]['wallets'][number];

/** An EIP-1193 provider as wallets inject it, with their identifying flags. */
export type InjectedProvider = Record<string, unknown> & {
  request: (...args: never[]) => Promise<unknown>;
  providers?: InjectedProvider[];
};

export type InjectedProviderTest = (provider: InjectedProvider) => boolean;

/**
 * RainbowKit's wallet factories check the project id when they are called, even for a
 * connector they will never build; this one is never sent anywhere.
 */
const UNUSED_PROJECT_ID = 'walletconnect-disabled';

function findInjectedProvider(test: InjectedProviderTest): InjectedProvider | undefined {
  const ethereum = (globalThis as { ethereum?: InjectedProvider }).ethereum;
  if (!ethereum) return undefined;
  return ethereum.providers?.find(test) ?? (test(ethereum) ? ethereum : undefined);
}

export type InjectedOnlyWalletOptions = {
  /** Tells this wallet's injected provider from others (several set `isMetaMask`). */
  isProvider: InjectedProviderTest;
  /**
   * When the wallet is not injected: keep RainbowKit's own WalletConnect variant (QR code,
   * mobile) if WalletConnect is enabled, otherwise show it as not installed.
   */
  walletConnectEnabled: boolean;
};

/**
 * A RainbowKit wallet that connects to its injected provider through wagmi's plain
 * `injected` connector. RainbowKit's own MetaMask connector loads the MetaMask SDK
 * (large, with analytics), and without a WalletConnect project id its MetaMask and
 * Rainbow wallets cannot be built at all; here they stay, as "not installed" with
 * RainbowKit's download guidance, or connected directly when present.
 */
export function injectedOnlyWallet(
  createWallet: CreateWalletFn,
  { isProvider, walletConnectEnabled }: InjectedOnlyWalletOptions,
): CreateWalletFn {
  return (parameters) => {
    const installed = findInjectedProvider(isProvider) !== undefined;
    if (!installed && walletConnectEnabled) return createWallet(parameters);
    const {
      qrCode: _qrCode,
      mobile: _mobile,
      ...details
    } = createWallet({
      ...parameters,
      projectId: parameters.projectId || UNUSED_PROJECT_ID,
    });
    const wallet: Wallet = {
      ...details,
      installed,
      createConnector: (walletDetails) =>
        createConnector((config) => ({
          ...injected({
            target: {
              id: details.id,
              name: details.name,
              provider: () => findInjectedProvider(isProvider) as never,
            },
          })(config),
          ...walletDetails,
        })),
    };
    return wallet;
  };
}
