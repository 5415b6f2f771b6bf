import type {
  SolanaSignInFeature,
  SolanaSignMessageFeature,
} from '@solana/wallet-standard-features';
import type { Wallet } from '@wallet-standard/base';
import type { StandardConnectFeature } from '@wallet-standard/features';

/** A Wallet Standard wallet Sigil can sign a Solana message with. */
export type SolanaSigningWallet = Wallet & {
  features: Partial<SolanaSignInFeature & SolanaSignMessageFeature & StandardConnectFeature>;
};

// The feature names, spelled here rather than imported as values: the packages' runtime is only
// their names, and the types above keep these in step with them.
export const SOLANA_SIGN_IN = 'solana:signIn' satisfies keyof SolanaSignInFeature;
export const SOLANA_SIGN_MESSAGE = 'solana:signMessage' satisfies keyof SolanaSignMessageFeature;
export const STANDARD_CONNECT = 'standard:connect' satisfies keyof StandardConnectFeature;

/**
 * Whether Sigil can sign in with `wallet`: it offers `solana:signIn` (the
 * wallet writes the message), or `solana:signMessage` with `standard:connect`
 * (Sigil writes it, and needs the account first). Every other Wallet Standard
 * wallet (another chain's) is left out.
 */
export function isSolanaSigningWallet(wallet: Wallet): wallet is SolanaSigningWallet {
  const { features } = wallet;
  return (
    SOLANA_SIGN_IN in features || (SOLANA_SIGN_MESSAGE in features && STANDARD_CONNECT in features)
  );
}
