import { t } from '@lingui/core/macro';
import { parseSiwsMessage, type SiwsMessage, solanaClusterOf } from '@sigil/siwe';
import { identifySolanaSigner } from './identify-solana-signer';
import { addressCheck, domainCheck, issuedAtCheck, unreadableProof } from './proof-message-checks';
import type { ProofCheck, PublishedWallet, WalletProofResult } from './wallet-proof';

export type VerifySolanaProofParameters = {
  wallet: PublishedWallet;
  expectedDomain: string;
  now: Date;
};

/**
 * A Solana wallet's proof, re-verified in the visitor's browser as
 * `verifyWalletProof` does an Ethereum one: the message must parse by the
 * server's strict Sign In With Solana parser, name this site, the wallet's
 * key and a Solana cluster, carry an issued-at that has passed, and its
 * Ed25519 signature must be the key's. A Solana key is one identity on every
 * cluster, so any cluster is the wallet's.
 */
export async function verifySolanaProof({
  wallet,
  expectedDomain,
  now,
}: VerifySolanaProofParameters): Promise<WalletProofResult> {
  let message: SiwsMessage;
  try {
    message = parseSiwsMessage(wallet.proof.message);
  } catch {
    return unreadableProof(t`The proof is not a Sign In With Solana message.`);
  }
  const cluster = solanaClusterOf(message.chainId);
  const addressMatches = message.address === wallet.address;
  const { chainId } = message;
  const signer = await identifySolanaSigner({
    message: wallet.proof.message,
    signature: wallet.proof.signature,
    address: message.address,
  });
  const checks: ProofCheck[] = [
    domainCheck(message.domain, expectedDomain),
    addressCheck(message.address, addressMatches),
    {
      name: 'chain',
      ok: cluster !== undefined,
      detail: cluster
        ? `Solana ${cluster.name} (${cluster.id})`
        : t`${chainId} is not a Solana cluster`,
    },
    issuedAtCheck(message.issuedAt, now),
    {
      name: 'signature',
      ok: signer.kind === 'ED25519',
      detail:
        signer.kind === 'ED25519'
          ? t`signed by the Solana key (Ed25519), checked locally`
          : signer.kind === 'invalid' && signer.reason === 'NOT_BASE58'
            ? t`the signature is not 64 bytes of base58`
            : t`the signature is not this key’s`,
    },
  ];
  return { verified: checks.every((item) => item.ok), checks, message: null, signer };
}
