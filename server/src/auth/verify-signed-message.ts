import {
  checkMessageBinding,
  checkMessageTimes,
  dateTimeToEpochMilliseconds,
  MAX_SIWE_MESSAGE_LENGTH,
  parseSiweMessage,
  type SiweMessage,
} from '@sigil/siwe';
import {
  BadUserInputError,
  InvalidMessageError,
  InvalidNonceError,
  MessageExpiredError,
  MessageNotYetValidError,
  UnsupportedChainError,
} from '../errors.js';
import type { Services } from '../services.js';
import { allowedSignInDomains, checkMessageUri, checkRequestOrigin } from './allowed-origins.js';
import { consumeNonce } from './nonce/nonce-store.js';
import type { WalletKind } from './signature/verify-signature.js';

/** Wallet and server clocks drift; every time bound is widened by this much. */
export const CLOCK_SKEW_SECONDS = 60;

/** A 6492 signature carries factory calldata, so allow well beyond 65 bytes, but bounded. */
export const MAX_SIGNATURE_HEX_LENGTH = 2 + 2 * 8192;

export type VerifySignedMessageParameters = {
  message: string;
  signature: string;
  /** The request's Origin header, if any. */
  origin: string | null;
  /** The statement the message must carry, when the caller requires one (linking). */
  statement?: string;
  /**
   * Called once this attempt has used its nonce up: a refusal from then on
   * is one the audit log records for a sign-in (docs/administration.md).
   */
  onNonceConsumed?: (message: SiweMessage) => void;
};

export type VerifiedMessage = {
  message: SiweMessage;
  walletKind: WalletKind;
  /** The server time the message was checked at. */
  now: number;
};

function checkArguments(p: VerifySignedMessageParameters): void {
  if (p.message.length > MAX_SIWE_MESSAGE_LENGTH) {
    throw new BadUserInputError(`message is longer than ${MAX_SIWE_MESSAGE_LENGTH} characters.`);
  }
  if (!/^0x(?:[0-9a-fA-F]{2})+$/.test(p.signature)) {
    throw new BadUserInputError('signature must be 0x-prefixed hex bytes.');
  }
  if (p.signature.length > MAX_SIGNATURE_HEX_LENGTH) {
    throw new BadUserInputError('signature is too long.');
  }
}

/** Steps 2 and 3 of the policy: what can be judged from the message alone. */
function checkMessage(
  services: Services,
  message: SiweMessage,
  p: VerifySignedMessageParameters,
  now: number,
): void {
  const { config } = services;
  checkMessageBinding(message, { domains: allowedSignInDomains(config) });
  checkMessageUri(config, message);
  checkRequestOrigin(config, p.origin);
  if (p.statement !== undefined && message.statement !== p.statement) {
    throw new InvalidMessageError('The message does not carry the statement this action needs.', {
      details: { statement: p.statement },
    });
  }
  if (!config.chains.some((chain) => chain.id === message.chainId)) {
    throw new UnsupportedChainError(`Chain ${message.chainId} is not enabled on this server.`, {
      details: { chainId: message.chainId },
    });
  }
  const skew = CLOCK_SKEW_SECONDS * 1000;
  const issuedAt = dateTimeToEpochMilliseconds(message.issuedAt, 'issued-at time');
  if (issuedAt > now + skew) {
    throw new MessageNotYetValidError('The message was issued in the future.');
  }
  if (issuedAt < now - config.nonceTtlSeconds * 1000 - skew) {
    throw new MessageExpiredError('The message was issued before its nonce could have been.');
  }
  checkMessageTimes(message, new Date(now), CLOCK_SKEW_SECONDS);
}

/**
 * Steps 1 to 5 of the sign-in policy (docs/sign-in.md), in its order: what a signed
 * message must pass to prove its wallet, for a sign-in and for a link alike.
 * The nonce is consumed before any refusal is returned, so every attempt,
 * good or bad, uses its nonce up.
 */
export async function verifySignedMessage(
  services: Services,
  p: VerifySignedMessageParameters,
): Promise<VerifiedMessage> {
  const { db, clock, verifier, metrics } = services;
  checkArguments(p);
  const message = parseSiweMessage(p.message);
  const now = clock();

  let refusal: unknown;
  try {
    checkMessage(services, message, p, now);
  } catch (error) {
    refusal = error;
  }
  const nonce = await consumeNonce(db, { value: message.nonce, now });
  if (nonce) {
    metrics.nonceConsumed();
    p.onNonceConsumed?.(message);
  }
  if (refusal) throw refusal;
  if (!nonce || nonce.expiresAt <= now) throw new InvalidNonceError();
  const issuedAt = dateTimeToEpochMilliseconds(message.issuedAt, 'issued-at time');
  if (issuedAt < nonce.createdAt - CLOCK_SKEW_SECONDS * 1000) {
    throw new MessageExpiredError('The message was issued before its nonce.');
  }

  const walletKind = await verifier.verify({
    address: message.address,
    message: p.message,
    signature: p.signature as `0x${string}`,
    chainId: message.chainId,
  });
  return { message, walletKind, now };
}
