import {
  solanaWalletIdentity,
  type WalletIdentity,
  walletIdentity,
} from '../accounts/wallet-identity.js';
import type { MessageSigner } from './message-signer.js';
import type { WalletKind } from './signature/verify-signature.js';

/** Step 6 of docs/sign-in.md for either family: the identity a verified signer opens (accounts/wallet-identity.ts). */
export function identityOfSigner(signer: MessageSigner, walletKind: WalletKind): WalletIdentity {
  if (signer.namespace === 'solana') return solanaWalletIdentity(signer.address);
  return walletIdentity({
    address: signer.address,
    chainId: signer.chainId,
    verifiedAs: walletKind,
  });
}
