import { t } from '@lingui/core/macro';
import { parseSiwsMessage, type SiwsMessage, solanaClusterOf } from '@sigil/siwe';
import { identifySolanaSigner } from './identify-solana-signer';
import type { ProofCheck, PublishedWallet, WalletProofResult } from './wallet-proof';

export type VerifySolanaProofParameters = {
  wallet: PublishedWallet;
  expectedDomain: string;
  now: Date;
};

/** The allowance for clocks that drift, as the server's sign-in policy grants it. */
const CLOCK_SKEW_MS = 60_000;

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
    return {
      verified: false,
      message: null,
      signer: null,
      checks: [
        { name: 'domain', ok: false, detail: 'The proof is not a Sign In With Solana message.' },
      ],
    };
  }
  const cluster = solanaClusterOf(message.chainId);
  const issuedInPast = Date.parse(message.issuedAt) <= now.getTime() + CLOCK_SKEW_MS;
  const addressMatches = message.address === wallet.address;
  const signer = await identifySolanaSigner({
    message: wallet.proof.message,
    signature: wallet.proof.signature,
    address: message.address,
  });
  const checks: ProofCheck[] = [
    {
      name: 'domain',
      ok: message.domain === expectedDomain,
      detail:
        message.domain === expectedDomain
          ? `${message.domain} is this site`
          : `${message.domain} is not this site (${expectedDomain})`,
    },
    {
      name: 'address',
      ok: addressMatches,
      detail: addressMatches ? message.address : `the message is for ${message.address}`,
    },
    {
      name: 'chain',
      ok: cluster !== undefined,
      detail: cluster
        ? `Solana ${cluster.name} (${cluster.id})`
        : `${message.chainId} is not a Solana cluster`,
    },
    {
      name: 'issuedAt',
      ok: issuedInPast,
      detail: issuedInPast ? message.issuedAt : `${message.issuedAt} is in the future`,
    },
    {
      name: 'signature',
      ok: signer.kind === 'ED25519',
      detail:
        signer.kind === 'ED25519'
          ? t`signed by the Solana key (Ed25519), checked locally`
          : signer.kind === 'invalid' && signer.reason === 'NOT_BASE58'
            ? t`the signature is not 64 bytes of base58`
            : 'the signature is not this key’s',
    },
  ];
  return { verified: checks.every((item) => item.ok), checks, message: null, signer };
}
