import { t } from '@lingui/core/macro';
import { detectMessageFamily, parseSiweMessage, type SiweMessage } from '@sigil/siwe';
import { isAddressEqual } from 'viem';
import type { RuntimeChain } from '../app/runtime-config';
import { isEvmAddress } from '../components/is-evm-address';
import { type EthereumSigner, identifySigner } from './identify-signer';
import { addressCheck, domainCheck, issuedAtCheck, unreadableProof } from './proof-message-checks';
import type { ProofCheck, PublishedWallet, WalletProofResult } from './wallet-proof';

export type {
  ProofCheck,
  ProofCheckName,
  PublishedWallet,
  WalletProofResult,
} from './wallet-proof';

export type VerifyWalletProofParameters = {
  wallet: PublishedWallet;
  /** The host (and port) messages for this deployment name as their domain. */
  expectedDomain: string;
  chains: readonly RuntimeChain[];
  now: Date;
  timeoutMs?: number;
};

/**
 * Re-verifies a published wallet's proof in the visitor's browser, trusting nothing the
 * server says about it: the message must parse by the server's strict grammar, name this
 * site, the wallet's address and its chain, carry an issued-at time that has passed, and
 * its signature must prove the address (locally for an EOA, on the chain otherwise).
 * A Solana proof (its first line says so) is checked the same way by `verifySolanaProof`.
 */
export async function verifyWalletProof({
  wallet,
  expectedDomain,
  chains,
  now,
  timeoutMs,
}: VerifyWalletProofParameters): Promise<WalletProofResult> {
  if (detectMessageFamily(wallet.proof.message) === 'solana') {
    // Its own chunk (the Solana parser and, in turn, the curve code): an Ethereum-only profile loads neither.
    const { verifySolanaProof } = await import('./verify-solana-proof');
    return verifySolanaProof({ wallet, expectedDomain, now });
  }
  let message: SiweMessage;
  try {
    message = parseSiweMessage(wallet.proof.message);
  } catch {
    return unreadableProof(t`The proof is not an EIP-4361 message.`);
  }
  const addressMatches =
    isEvmAddress(wallet.address) && isAddressEqual(message.address, wallet.address);
  // A contract wallet is a wallet only on the chain where it proved itself.
  const expectedChain = wallet.chainId ?? wallet.proof.chainId ?? null;
  const chainMatches = message.chainId === expectedChain;
  const provedOn = expectedChain ?? '—';
  const chainName = (id: number) => chains.find((chain) => chain.id === id)?.name ?? t`chain ${id}`;
  const { chainId } = message;

  const signer = await identifySigner({
    message: wallet.proof.message,
    signature: wallet.proof.signature,
    address: message.address,
    chainId: message.chainId,
    chains,
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
  });
  const signed =
    signer.kind === 'EOA' || signer.kind === 'CONTRACT' || signer.kind === 'COUNTERFACTUAL';

  const checks: ProofCheck[] = [
    domainCheck(message.domain, expectedDomain),
    addressCheck(message.address, addressMatches),
    {
      name: 'chain',
      ok: chainMatches,
      detail: chainMatches
        ? `${chainName(chainId)} (${chainId})`
        : t`the message is for chain ${chainId}, the wallet proved itself on ${provedOn}`,
    },
    issuedAtCheck(message.issuedAt, now),
    { name: 'signature', ok: signed, detail: describeSigner(signer, chainName) },
  ];
  return { verified: checks.every((item) => item.ok), checks, message, signer };
}

/** An Ethereum signer in words, for the proof's signature line (a Solana one: verify-solana-proof.ts). */
export function describeSigner(signer: EthereumSigner, chainName: (id: number) => string): string {
  switch (signer.kind) {
    case 'EOA':
      return t`signed by the address’s key (EOA), recovered locally`;
    case 'CONTRACT': {
      const chain = chainName(signer.chainId);
      return t`accepted by the contract wallet on ${chain} (EIP-1271)`;
    }
    case 'COUNTERFACTUAL': {
      const chain = chainName(signer.chainId);
      return t`accepted by the undeployed contract wallet on ${chain} (EIP-6492)`;
    }
    case 'unverifiable': {
      const chainId = signer.chainId;
      return t`needs a contract-wallet check on chain ${chainId}, which this site does not enable`;
    }
    case 'invalid':
      if (signer.reason === 'CHAIN_UNAVAILABLE')
        return t`the chain did not answer in time; try again`;
      return t`the signature does not prove the address`;
  }
}
