import { detectMessageFamily, MAX_SIWE_MESSAGE_LENGTH, parseSiweMessage } from '@sigil/siwe';
import { BadUserInputError, UnsupportedChainError } from '../errors.js';
import type { Services } from '../services.js';
import {
  type CheckMessageParameters,
  checkMessageAndConsumeNonce,
} from './check-message-and-consume-nonce.js';
import type { MessageSigner } from './message-signer.js';
import { spendChainCheck } from './rate-limit/spend-chain-check.js';
import type { WalletKind } from './signature/verify-signature.js';
import { verifySignedSolanaMessage } from './solana/verify-signed-solana-message.js';

/** What verifySignedMessage reads of the services, with what the checks it calls do. */
export type VerifySignedMessageServices = Pick<
  Services,
  'chainCheckLimiter' | 'clock' | 'config' | 'db' | 'metrics' | 'verifier'
>;

/** A 6492 signature carries factory calldata, so allow well beyond 65 bytes, but bounded. */
export const MAX_SIGNATURE_HEX_LENGTH = 2 + 2 * 8192;

export type VerifySignedMessageParameters = CheckMessageParameters & {
  message: string;
  signature: string;
  /** The client's rate-limit key (http/client-address.ts): its contract-wallet checks are counted. */
  clientAddress: string;
};

export type VerifiedMessage = {
  signer: MessageSigner;
  walletKind: WalletKind;
  /** The server time the message was checked at. */
  now: number;
};

function checkEthereumSignature(signature: string): void {
  if (!/^0x(?:[0-9a-fA-F]{2})+$/.test(signature)) {
    throw new BadUserInputError('signature must be 0x-prefixed hex bytes.');
  }
  if (signature.length > MAX_SIGNATURE_HEX_LENGTH) {
    throw new BadUserInputError('signature is too long.');
  }
}

/**
 * Steps 1 to 5 of the sign-in policy (docs/sign-in.md), in its order: what a
 * signed message must pass to prove its wallet, for a sign-in and for a link
 * alike. The message's first line says its family: a Solana message goes to
 * its own parser and Ed25519 (solana/verify-signed-solana-message.ts); any
 * other text is read as EIP-4361, whose parser refuses what it is not, so
 * the Ethereum path costs one look at the first line more than before.
 */
export async function verifySignedMessage(
  services: VerifySignedMessageServices,
  p: VerifySignedMessageParameters,
): Promise<VerifiedMessage> {
  // Both families share the bound (MAX_SIWS_MESSAGE_LENGTH is this one).
  if (p.message.length > MAX_SIWE_MESSAGE_LENGTH) {
    throw new BadUserInputError(`message is longer than ${MAX_SIWE_MESSAGE_LENGTH} characters.`);
  }
  if (detectMessageFamily(p.message) === 'solana') return verifySignedSolanaMessage(services, p);

  const { config, clock, verifier } = services;
  checkEthereumSignature(p.signature);
  const message = parseSiweMessage(p.message);
  const signer: MessageSigner = {
    namespace: 'eip155',
    address: message.address,
    chainId: message.chainId,
    chain: `eip155:${message.chainId}`,
  };
  const now = clock();
  await checkMessageAndConsumeNonce(services, {
    ...p,
    message,
    signer,
    now,
    checkChain() {
      if (!config.chains.some((chain) => chain.id === message.chainId)) {
        throw new UnsupportedChainError(`Chain ${message.chainId} is not enabled on this server.`, {
          details: { chainId: message.chainId },
        });
      }
    },
  });
  const walletKind = await verifier.verify({
    address: message.address,
    message: p.message,
    signature: p.signature as `0x${string}`,
    chainId: message.chainId,
    beforeAskingChain: () => spendChainCheck(services, p.clientAddress),
  });
  return { signer, walletKind, now };
}
