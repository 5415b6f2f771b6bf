import type { SiweMessage } from '@sigil/siwe';
import type { Signer } from './identify-signer';

/** A published wallet and the proof the server keeps for it. */
export type PublishedWallet = {
  /** EIP-55 hex, or a Solana key in base58. */
  address: string;
  kind: 'EOA' | 'CONTRACT' | 'COUNTERFACTUAL';
  chainId?: number | null;
  /** `chainId` is null for a Solana proof, whose message names its cluster. */
  proof: { message: string; signature: string; chainId?: number | null; signedAt: string };
};

export type ProofCheckName = 'domain' | 'address' | 'chain' | 'issuedAt' | 'signature';

export type ProofCheck = { name: ProofCheckName; ok: boolean; detail: string };

export type WalletProofResult = {
  /** Every check passed: the wallet's owner signed this message for this site. */
  verified: boolean;
  checks: ProofCheck[];
  /** The EIP-4361 message as read; null for a Solana proof, or one that does not parse. */
  message: SiweMessage | null;
  signer: Signer | null;
};
