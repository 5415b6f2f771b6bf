import {
  checkMessageBinding,
  checkMessageTimes,
  dateTimeToEpochMilliseconds,
  type SiweMessage,
} from '@sigil/siwe';
import {
  InvalidMessageError,
  InvalidNonceError,
  MessageExpiredError,
  MessageNotYetValidError,
} from '../errors.js';
import {
  allowedSignInDomains,
  checkMessageUri,
  checkRequestOrigin,
} from '../http/allowed-origins.js';
import type { Services } from '../services.js';
import type { MessageSigner } from './message-signer.js';
import { consumeNonce } from './nonce/nonce-store.js';

/** What checkMessageAndConsumeNonce reads of the services. */
export type CheckMessageServices = Pick<Services, 'config' | 'db' | 'metrics'>;

/** Wallet and server clocks drift; every time bound is widened by this much. */
export const CLOCK_SKEW_SECONDS = 60;

/** What steps 2 to 4 read of a message: the fields both families (EIP-4361 and Solana's) share. */
export type CheckedMessage = Pick<
  SiweMessage,
  'domain' | 'uri' | 'statement' | 'nonce' | 'issuedAt' | 'expirationTime' | 'notBefore' | 'scheme'
>;

export type CheckMessageParameters = {
  /** The request's Origin header, if any. */
  origin: string | null;
  /** The statement the message must carry, when the caller requires one (linking). */
  statement?: string;
  /**
   * Called once this attempt has used its nonce up: a refusal from then on
   * is one the audit log records for a sign-in (docs/administration.md).
   */
  onNonceConsumed?: (signer: MessageSigner) => void;
};

/** Steps 2 and 3 of the policy: what can be judged from the message alone. */
function checkMessage(
  services: Pick<Services, 'config'>,
  message: CheckedMessage,
  p: CheckMessageParameters,
  now: number,
  checkChain: () => void,
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
  checkChain();
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
 * Steps 2 to 4 of the sign-in policy (docs/sign-in.md), the same for both
 * families: domain, URI and origin, the chain (`checkChain`, the family's
 * own), times, then the nonce. The nonce is consumed before any refusal is
 * returned, so every attempt, good or bad, uses its nonce up.
 */
export async function checkMessageAndConsumeNonce(
  services: CheckMessageServices,
  p: CheckMessageParameters & {
    message: CheckedMessage;
    signer: MessageSigner;
    now: number;
    checkChain: () => void;
  },
): Promise<void> {
  const { db, metrics } = services;
  const { message, now } = p;
  let refusal: unknown;
  try {
    checkMessage(services, message, p, now, p.checkChain);
  } catch (error) {
    refusal = error;
  }
  const nonce = await consumeNonce(db, { value: message.nonce, now });
  if (nonce) {
    metrics.nonceConsumed();
    p.onNonceConsumed?.(p.signer);
  }
  if (refusal) throw refusal;
  if (!nonce || nonce.expiresAt <= now) throw new InvalidNonceError();
  const issuedAt = dateTimeToEpochMilliseconds(message.issuedAt, 'issued-at time');
  if (issuedAt < nonce.createdAt - CLOCK_SKEW_SECONDS * 1000) {
    throw new MessageExpiredError('The message was issued before its nonce.');
  }
}
