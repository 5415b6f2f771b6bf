import type { WalletKind } from '../../graphql/generated/graphql';

/** How the server verified a sign-in, in words. */
export const walletKindLabel: Record<WalletKind, string> = {
  EOA: 'EOA (key-signed account)',
  CONTRACT: 'Contract wallet (EIP-1271)',
  COUNTERFACTUAL: 'Undeployed contract wallet (EIP-6492)',
};

/** A Solana wallet: an Ed25519 key, one identity on every cluster. */
export const SOLANA_KEY_LABEL = 'Solana key (Ed25519), on every cluster';
