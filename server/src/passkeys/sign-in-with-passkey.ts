import {
  type AuthenticationResponseJSON,
  verifyAuthenticationResponse,
} from '@simplewebauthn/server';
import { recordSignIn } from '../accounts/sign-in-store.js';
import { findActiveSuspension, lockAccount } from '../accounts/suspension-store.js';
import type { ChangeSource } from '../changes/change-source.js';
import {
  AccountSuspendedError,
  InvalidPasskeyResponseError,
  PasskeyNotRecognizedError,
} from '../errors.js';
import type { Services } from '../services.js';
import { endSessionsBeyondLimit } from '../sessions/end-sessions-beyond-limit.js';
import { sessionLifetimes } from '../sessions/session-lifetimes.js';
import {
  createSession,
  endSession,
  findLiveSessionByToken,
  type SessionRow,
} from '../sessions/session-store.js';
import { nextPasskeyCounter } from './counter-rule.js';
import { parseAuthenticationResponse } from './parse-passkey-response.js';
import { consumePasskeyChallenge } from './passkey-challenge-store.js';
import {
  findPasskeyByCredentialId,
  findPasskeyById,
  type PasskeyRow,
  recordPasskeyUse,
} from './passkey-store.js';
import { accountOfUserHandle } from './passkey-user-handle.js';
import { recordRefusedPasskeySignIn } from './record-refused-passkey-sign-in.js';
import { relyingParty } from './relying-party.js';

/** What signInWithPasskey reads of the services, with what the steps it calls and the refusal's audit do. */
export type PasskeySignInServices = Pick<
  Services,
  'access' | 'changes' | 'clock' | 'config' | 'db' | 'logger'
>;

export type PasskeySignInParameters = {
  challengeId: string;
  responseJSON: string;
  userAgent: string | null;
  /** The session token the request already carries: rotated away on success. */
  currentToken: string | undefined;
  source: ChangeSource;
};

export type PasskeySignInOutcome = { accountId: string; session: SessionRow; token: string };

/**
 * A passkey sign-in (docs/passkeys.md): the response is read, the challenge
 * used up, the passkey found by its credential id and its assertion verified
 * (origin, relying party id, challenge, user verification, signature, the
 * counter rule). Then a session opens as a wallet's sign-in opens one
 * (auth/sign-in.ts). A refusal after the challenge was used up is audited
 * (`sign_in_refused`), and nothing else of it is kept.
 */
export async function signInWithPasskey(
  services: PasskeySignInServices,
  p: PasskeySignInParameters,
): Promise<PasskeySignInOutcome> {
  const response = parseAuthenticationResponse(p.responseJSON);
  const challenge = await consumePasskeyChallenge(services.db, {
    id: p.challengeId,
    purpose: 'sign_in',
    sessionId: null,
    now: services.clock(),
  });
  let passkey: PasskeyRow | undefined;
  try {
    passkey = await findPasskeyByCredentialId(services.db, response.id);
    if (!passkey || passkey.removed_at !== null) throw new PasskeyNotRecognizedError();
    const counter = await verifyAssertion(services, {
      response,
      passkey,
      expectedChallenge: challenge.challenge,
    });
    return await openPasskeySession(services, p, {
      passkey,
      counter,
      backedUp: counter.backedUp,
    });
  } catch (error) {
    await recordRefusedPasskeySignIn(services, { source: p.source, passkey, error }).catch(
      (failure: unknown) =>
        services.logger.error({ err: failure }, 'could not audit a refused passkey sign-in'),
    );
    throw error;
  }
}

/** The assertion checked against the stored passkey; answers the counter to keep and the backup state. */
async function verifyAssertion(
  services: Pick<Services, 'config' | 'db'>,
  p: { response: AuthenticationResponseJSON; passkey: PasskeyRow; expectedChallenge: string },
): Promise<{ value: number; backedUp: boolean }> {
  // The user handle, when the authenticator sends one, must be the account's.
  const userHandle = p.response.response.userHandle;
  if (userHandle && (await accountOfUserHandle(services.db, userHandle)) !== p.passkey.account_id) {
    throw new InvalidPasskeyResponseError("The passkey's user handle is not its account's.");
  }
  const { rpID, origin } = relyingParty(services.config);
  let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verified = await verifyAuthenticationResponse({
      response: p.response,
      expectedChallenge: p.expectedChallenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
      credential: {
        id: p.passkey.credential_id,
        publicKey: Buffer.from(p.passkey.public_key, 'base64url'),
        // The counter rule is Sigil's own (counter-rule.ts): the library's is stricter.
        counter: 0,
        transports: JSON.parse(p.passkey.transports),
      },
    });
  } catch (error) {
    throw new InvalidPasskeyResponseError(
      `The passkey response could not be verified: ${(error as Error).message}`,
    );
  }
  if (!verified.verified) throw new InvalidPasskeyResponseError();
  const info = verified.authenticationInfo;
  return {
    value: nextPasskeyCounter(p.passkey.counter, info.newCounter),
    backedUp: info.credentialBackedUp,
  };
}

/** Step 6 of docs/sign-in.md for a passkey: the session, as auth/sign-in.ts opens a wallet's. */
async function openPasskeySession(
  services: Pick<Services, 'access' | 'changes' | 'clock' | 'config'>,
  p: PasskeySignInParameters,
  verified: { passkey: PasskeyRow; counter: { value: number }; backedUp: boolean },
): Promise<PasskeySignInOutcome> {
  const { config, changes, clock } = services;
  const lifetimes = sessionLifetimes(config);
  const accountId = verified.passkey.account_id;
  const outcome = await changes.commit(async ({ trx, record, publish }) => {
    const now = clock();
    // Only now, the passkey verified, may the answer say the account is
    // suspended; the account's lock orders this sign-in against a suspension
    // and against the passkey's removal, which takes no other lock: it is
    // read again below, under the lock.
    await lockAccount(trx, accountId);
    const suspension = await findActiveSuspension(trx, accountId, now);
    if (suspension) throw new AccountSuspendedError(suspension);
    const current = await findPasskeyById(trx, verified.passkey.id);
    if (!current || current.removed_at !== null) throw new PasskeyNotRecognizedError();
    // Rotation: whatever session this browser had ends as this one starts.
    const previous = p.currentToken
      ? await findLiveSessionByToken(trx, { token: p.currentToken, now, lifetimes })
      : undefined;
    const rotated = previous
      ? await endSession(trx, { id: previous.id, reason: 'SIGNED_OUT', now })
      : undefined;
    const { session, token } = await createSession(trx, {
      accountId,
      wallet: null,
      passkeyId: current.id,
      chainId: null,
      userAgent: p.userAgent,
      now,
      lifetimes,
    });
    await recordSignIn(trx, {
      account_id: accountId,
      session_id: session.id,
      method: 'passkey',
      passkey_id: current.id,
      address: null,
      chain_id: null,
      wallet_kind: null,
      message: null,
      signature: null,
      user_agent: p.userAgent,
      at: now,
    });
    await recordPasskeyUse(trx, {
      id: current.id,
      counter: verified.counter.value,
      backedUp: verified.backedUp,
      now,
    });
    const context = { ...p.source, at: now };
    if (rotated) {
      await record(context, {
        action: 'sign_out',
        accountId: rotated.account_id,
        sessionId: rotated.id,
      });
      publish({
        type: 'SIGNED_OUT',
        at: now,
        accountId: rotated.account_id,
        actor: 'SELF',
        sessionId: rotated.id,
      });
    }
    const beyondLimit = await endSessionsBeyondLimit(trx, {
      accountId,
      limit: config.maxSessionsPerAccount,
      now,
      lifetimes,
    });
    await record(context, {
      action: 'sign_in',
      accountId,
      sessionId: session.id,
      method: 'passkey',
      passkeyId: current.id,
    });
    for (const ended of beyondLimit) {
      await record(context, {
        action: 'session_revoked',
        accountId,
        sessionId: ended.id,
        reason: 'session_limit',
      });
      publish({
        type: 'SESSION_REVOKED',
        at: now,
        accountId,
        actor: 'SELF',
        sessionId: ended.id,
      });
    }
    publish({ type: 'SIGNED_IN', at: now, accountId, actor: 'SELF', sessionId: session.id });
    return { accountId, session, token };
  });
  // As after a wallet's sign-in, the access rules are checked after the answer.
  services.access.checkInBackground(accountId, { sessionId: outcome.session.id }, false);
  return outcome;
}
