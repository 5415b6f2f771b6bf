import type { AccountRow } from '../accounts/account-store.js';
import { findOrCreateAccountForWallet } from '../accounts/account-store.js';
import { recordSignIn } from '../accounts/sign-in-store.js';
import { walletIdentity } from '../accounts/wallet-identity.js';
import {
  BadUserInputError,
  InvalidNonceError,
  MessageExpiredError,
  MessageNotYetValidError,
  UnsupportedChainError,
} from '../errors.js';
import type { Services } from '../services.js';
import { sessionLifetimes } from '../sessions/session-lifetimes.js';
import {
  createSession,
  endSession,
  findLiveSessionByToken,
  type SessionRow,
} from '../sessions/session-store.js';
import { allowedSignInDomains, checkMessageUri, checkRequestOrigin } from './allowed-origins.js';
import { consumeNonce } from './nonce/nonce-store.js';
import { checkMessageBinding } from './siwe/check-message-binding.js';
import { checkMessageTimes } from './siwe/check-message-times.js';
import { parseSiweMessage } from './siwe/parse-siwe-message.js';
import { dateTimeToEpochMilliseconds } from './siwe/siwe-field-validators.js';
import { MAX_SIWE_MESSAGE_LENGTH, type SiweMessage } from './siwe/siwe-message.js';

/** Wallet and server clocks drift; every time bound is widened by this much. */
export const CLOCK_SKEW_SECONDS = 60;

/** A 6492 signature carries factory calldata, so allow well beyond 65 bytes, but bounded. */
export const MAX_SIGNATURE_HEX_LENGTH = 2 + 2 * 8192;

export type SignInParameters = {
  message: string;
  signature: string;
  /** The request's Origin header, if any. */
  origin: string | null;
  userAgent: string | null;
  /** The session token the request already carries: rotated away on success. */
  currentToken: string | undefined;
};

export type SignInOutcome = { account: AccountRow; session: SessionRow; token: string };

function checkArguments(p: SignInParameters): void {
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
  origin: string | null,
  now: number,
): void {
  const { config } = services;
  checkMessageBinding(message, { domains: allowedSignInDomains(config) });
  checkMessageUri(config, message);
  checkRequestOrigin(config, origin);
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
 * The sign-in policy of DESIGN §4, in its order. The nonce is consumed before
 * any refusal is returned, so every attempt, good or bad, uses its nonce up.
 */
export async function signIn(services: Services, p: SignInParameters): Promise<SignInOutcome> {
  const { db, config, clock, verifier, events } = services;
  checkArguments(p);
  const message = parseSiweMessage(p.message);
  const now = clock();

  let refusal: unknown;
  try {
    checkMessage(services, message, p.origin, now);
  } catch (error) {
    refusal = error;
  }
  const nonce = await consumeNonce(db, { value: message.nonce, now });
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

  const lifetimes = sessionLifetimes(config);
  const { account, session, token, rotated } = await db.transaction().execute(async (trx) => {
    // Step 6: the wallet's identity, not its address, finds the account.
    const identity = walletIdentity({
      address: message.address,
      chainId: message.chainId,
      verifiedAs: walletKind,
    });
    const { account, wallet } = await findOrCreateAccountForWallet(trx, { identity, now });
    // Rotation: whatever session this browser had ends as this one starts.
    const previous = p.currentToken
      ? await findLiveSessionByToken(trx, { token: p.currentToken, now, lifetimes })
      : undefined;
    const rotated = previous
      ? await endSession(trx, { id: previous.id, reason: 'SIGNED_OUT', now })
      : undefined;
    const { session, token } = await createSession(trx, {
      accountId: account.id,
      walletId: wallet.id,
      chainId: message.chainId,
      userAgent: p.userAgent,
      now,
      lifetimes,
    });
    await recordSignIn(trx, {
      account_id: account.id,
      session_id: session.id,
      address: message.address,
      chain_id: message.chainId,
      wallet_kind: walletKind,
      message: p.message,
      signature: p.signature,
      user_agent: p.userAgent,
      at: now,
    });
    return { account, session, token, rotated };
  });

  if (rotated) {
    events.publish({
      type: 'SIGNED_OUT',
      at: now,
      accountId: rotated.account_id,
      sessionId: rotated.id,
    });
  }
  events.publish({ type: 'SIGNED_IN', at: now, accountId: account.id, sessionId: session.id });
  return { account, session, token };
}
