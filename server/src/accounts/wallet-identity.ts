import type { WalletIdentityKind } from './account-tables.js';

/** How a sign-in proved its wallet: what `verifySignature` answers. */
export type VerifiedWalletKind = 'EOA' | 'CONTRACT' | 'COUNTERFACTUAL';

export type WalletIdentity = {
  kind: WalletIdentityKind;
  /** EIP-55 checksummed. */
  address: string;
  /** Null for an EOA: its key controls its address on every chain. */
  chainId: number | null;
  /** The unique key an account is found by. */
  key: string;
};

/**
 * Who a verified signature proves the signer to be.
 *
 * An EOA's key controls its address on every chain, so the address alone is
 * the identity. A contract wallet's address says nothing about who controls
 * it on another chain: the same address can be deployed there by someone else
 * (plain CREATE at the same deployer nonce, a counterfactual or factory-made
 * wallet never deployed there). So a wallet proven through EIP-1271 or
 * EIP-6492 is identified by its chain and address together, as a CAIP-10
 * account id. A counterfactual wallet keeps that identity once deployed on
 * the same chain.
 */
export function walletIdentity(p: {
  address: string;
  chainId: number;
  verifiedAs: VerifiedWalletKind;
}): WalletIdentity {
  if (p.verifiedAs === 'EOA') {
    return { kind: 'EOA', address: p.address, chainId: null, key: p.address };
  }
  return {
    kind: 'CONTRACT',
    address: p.address,
    chainId: p.chainId,
    key: `eip155:${p.chainId}:${p.address}`,
  };
}
