import { solanaCaip10 } from '@sigil/siwe';
import type { ChainNamespace, WalletIdentityKind } from './account-tables.js';

/** How a sign-in proved its wallet: what `verifySignature` answers. */
export type VerifiedWalletKind = 'EOA' | 'CONTRACT' | 'COUNTERFACTUAL';

export type WalletIdentity = {
  namespace: ChainNamespace;
  kind: WalletIdentityKind;
  /** EIP-55 checksummed for Ethereum; base58 as signed (case-sensitive) for Solana. */
  address: string;
  /** Null for an EOA (and a Solana key): its key controls its address on every chain. */
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
    return { namespace: 'eip155', kind: 'EOA', address: p.address, chainId: null, key: p.address };
  }
  return {
    namespace: 'eip155',
    kind: 'CONTRACT',
    address: p.address,
    chainId: p.chainId,
    key: `eip155:${p.chainId}:${p.address}`,
  };
}

/**
 * A Solana key is one identity on every cluster, as an EOA is on every EVM
 * chain: its CAIP-10 id on mainnet's reference, whatever cluster the message
 * named. It can never equal an Ethereum identity (`0x…` or `eip155:…`), and
 * base58 is case-sensitive, so the address is kept exactly as signed.
 */
export function solanaWalletIdentity(address: string): WalletIdentity {
  return { namespace: 'solana', kind: 'EOA', address, chainId: null, key: solanaCaip10(address) };
}
