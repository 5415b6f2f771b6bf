import { decodeSolanaSignature, parseSiwsMessage, solanaClusterOf } from '@sigil/siwe';
import { BadUserInputError, InvalidSignatureError, UnsupportedChainError } from '../../errors.js';
import type { Services } from '../../services.js';
import {
  type CheckMessageParameters,
  checkMessageAndConsumeNonce,
} from '../check-message-and-consume-nonce.js';
import type { MessageSigner } from '../message-signer.js';
import type { WalletKind } from '../signature/verify-signature.js';
import { verifyEd25519Signature } from './verify-ed25519-signature.js';

/** What verifySignedSolanaMessage reads of the services, with what checkMessageAndConsumeNonce does. */
export type VerifySolanaMessageServices = Pick<Services, 'clock' | 'config' | 'db' | 'metrics'>;

/** Base58 of 64 bytes is at most 88 characters; anything longer is refused before it is decoded. */
const MAX_SIGNATURE_BASE58_LENGTH = 88;

/** The CAIP-2 chain a Solana message names: its cluster's id, or, for one Sigil does not know, the text as written. */
function chainNamed(chainId: string): string {
  const cluster = solanaClusterOf(chainId);
  if (cluster) return cluster.id;
  return chainId.startsWith('solana:') ? chainId : `solana:${chainId}`;
}

/**
 * The sign-in policy of docs/sign-in.md for a Sign In With Solana message
 * (CAIP-122), nothing of it relaxed: the signature's form, the strict
 * parser, domain and URI, an enabled cluster (SOLANA_CLUSTERS), times, the
 * single-use nonce (consumed whatever comes next), then Ed25519 over the
 * exact UTF-8 bytes of the message. A Solana key signs for itself: its
 * wallet is an EOA, and no chain is asked.
 */
export async function verifySignedSolanaMessage(
  services: VerifySolanaMessageServices,
  p: CheckMessageParameters & { message: string; signature: string },
): Promise<{ signer: MessageSigner; walletKind: WalletKind; now: number }> {
  const { config, clock } = services;
  const signature =
    p.signature.length <= MAX_SIGNATURE_BASE58_LENGTH
      ? decodeSolanaSignature(p.signature)
      : undefined;
  if (!signature) {
    throw new BadUserInputError(
      'signature must be the base58 text of a 64-byte Ed25519 signature.',
    );
  }
  const message = parseSiwsMessage(p.message);
  const cluster = solanaClusterOf(message.chainId);
  const signer: MessageSigner = {
    namespace: 'solana',
    address: message.address,
    chainId: null,
    chain: chainNamed(message.chainId),
  };
  const now = clock();
  await checkMessageAndConsumeNonce(services, {
    ...p,
    message,
    signer,
    now,
    checkChain() {
      if (!cluster || !config.solanaClusters.some(({ id }) => id === cluster.id)) {
        throw new UnsupportedChainError(
          `Solana cluster ${message.chainId} is not enabled on this server.`,
          { details: { chainId: message.chainId } },
        );
      }
    },
  });
  if (!verifyEd25519Signature({ message: p.message, signature, address: message.address })) {
    throw new InvalidSignatureError('The signature was not made by this Solana key.');
  }
  return { signer, walletKind: 'EOA', now };
}
