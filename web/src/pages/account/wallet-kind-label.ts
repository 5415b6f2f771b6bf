import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { WalletKind } from '../../graphql/generated/graphql';

/** How the server verified a sign-in, in words (read with `i18n._`). */
export const walletKindLabel: Record<WalletKind, MessageDescriptor> = {
  EOA: msg`EOA (key-signed account)`,
  CONTRACT: msg`Contract wallet (EIP-1271)`,
  COUNTERFACTUAL: msg`Undeployed contract wallet (EIP-6492)`,
};

/** A Solana wallet: an Ed25519 key, one identity on every cluster. */
export const SOLANA_KEY_LABEL: MessageDescriptor = msg`Solana key (Ed25519), on every cluster`;

/** The blockchain a wallet belongs to, as its tag says it (read with `i18n._`). */
export const namespaceLabel = {
  SOLANA: msg({ message: 'Solana', comment: 'the blockchain’s name, as a tag beside a wallet' }),
  ETHEREUM: msg({
    message: 'Ethereum',
    comment: 'the blockchain’s name, as a tag beside a wallet',
  }),
} as const;
