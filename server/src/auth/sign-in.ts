import type { AccountRow } from '../accounts/account-store.js';
import { findOrCreateAccountForWallet } from '../accounts/account-store.js';
import { recordSignIn } from '../accounts/sign-in-store.js';
import { findActiveSuspension, lockAccount } from '../accounts/suspension-store.js';
import { recordRefusedSignIn } from '../audit/record-refused-sign-in.js';
import type { ChangeSource } from '../changes/change-source.js';
import { AccountSuspendedError } from '../errors.js';
import type { Services } from '../services.js';
import { endSessionsBeyondLimit } from '../sessions/end-sessions-beyond-limit.js';
import { sessionLifetimes } from '../sessions/session-lifetimes.js';
import {
  createSession,
  endSession,
  findLiveSessionByToken,
  type SessionRow,
} from '../sessions/session-store.js';
import { identityOfSigner } from './identity-of-signer.js';
import type { MessageSigner } from './message-signer.js';
import type { WalletKind } from './signature/verify-signature.js';
import { verifySignedMessage } from './verify-signed-message.js';

/** What signIn reads of the services, with what verifySignedMessage and the refusal's audit do. */
export type SignInServices = Pick<
  Services,
  | 'access'
  | 'chainCheckLimiter'
  | 'changes'
  | 'clock'
  | 'config'
  | 'db'
  | 'logger'
  | 'metrics'
  | 'verifier'
>;

export type SignInParameters = {
  message: string;
  signature: string;
  /** The request's Origin header, if any. */
  origin: string | null;
  /** The client's rate-limit key: its contract-wallet checks are counted (docs/sign-in.md). */
  clientAddress: string;
  userAgent: string | null;
  /** The session token the request already carries: rotated away on success. */
  currentToken: string | undefined;
  /** Where the attempt comes from, for the audit log (nobody is signed in as its actor). */
  source: ChangeSource;
};

export type SignInOutcome = {
  account: AccountRow;
  session: SessionRow;
  token: string;
  walletKind: WalletKind;
};

/**
 * The sign-in policy of docs/sign-in.md: the signed message proves its wallet
 * (steps 1 to 5), then the wallet's identity finds or creates the account
 * and a new session starts (step 6).
 */
export async function signIn(
  services: SignInServices,
  p: SignInParameters,
): Promise<SignInOutcome> {
  let consumed: MessageSigner | undefined;
  try {
    return await signInOnceVerified(services, p, (signer) => {
      consumed = signer;
    });
  } catch (error) {
    // A refusal after the nonce was used up is audited (docs/administration.md).
    if (consumed) {
      await recordRefusedSignIn(services, { source: p.source, signer: consumed, error }).catch(
        (failure: unknown) =>
          services.logger.error({ err: failure }, 'could not audit a refused sign-in'),
      );
    }
    throw error;
  }
}

async function signInOnceVerified(
  services: SignInServices,
  p: SignInParameters,
  onNonceConsumed: (signer: MessageSigner) => void,
): Promise<SignInOutcome> {
  const { config, changes } = services;
  const { signer, walletKind, now } = await verifySignedMessage(services, {
    ...p,
    onNonceConsumed,
  });

  const lifetimes = sessionLifetimes(config);
  const { account, session, token } = await changes.commit(async ({ trx, record, publish }) => {
    // Step 6: the wallet's identity, not its address, finds the account.
    const identity = identityOfSigner(signer, walletKind);
    // This sign-in becomes the wallet's latest proof, shown if the wallet is published.
    const proof = {
      message: p.message,
      signature: p.signature,
      chainId: signer.chainId,
      chain: signer.chain,
      at: now,
    };
    const { account, wallet, created } = await findOrCreateAccountForWallet(trx, {
      identity,
      now,
      proof,
    });
    // Only now, the signature verified, may the answer say the account is
    // suspended (docs/administration.md); thrown here, nothing of this
    // sign-in is kept. The account's lock orders this sign-in and a
    // suspension one after the other: the suspension ends this session, or
    // this check sees it. A new account cannot be suspended yet.
    if (!created) {
      await lockAccount(trx, account.id);
      const suspension = await findActiveSuspension(trx, account.id, now);
      if (suspension) throw new AccountSuspendedError(suspension);
    }
    // Rotation: whatever session this browser had ends as this one starts.
    const previous = p.currentToken
      ? await findLiveSessionByToken(trx, { token: p.currentToken, now, lifetimes })
      : undefined;
    const rotated = previous
      ? await endSession(trx, { id: previous.id, reason: 'SIGNED_OUT', now })
      : undefined;
    const { session, token } = await createSession(trx, {
      accountId: account.id,
      wallet,
      chainId: signer.chainId,
      chain: signer.chain,
      userAgent: p.userAgent,
      now,
      lifetimes,
    });
    await recordSignIn(trx, {
      account_id: account.id,
      session_id: session.id,
      address: signer.address,
      chain_id: signer.chainId,
      // Only a sign-in without an EVM chain id keeps its chain (accounts/row-chain.ts).
      chain: signer.chainId === null ? signer.chain : null,
      wallet_kind: walletKind,
      message: p.message,
      signature: p.signature,
      user_agent: p.userAgent,
      at: now,
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
    // At most MAX_SESSIONS_PER_ACCOUNT stay live: the oldest end as a
    // revocation ends them, sockets closed on every instance (docs/sign-in.md).
    // The account's lock above keeps two sign-ins from counting at once. An
    // account this sign-in made holds one session: nothing to count.
    const beyondLimit = created
      ? []
      : await endSessionsBeyondLimit(trx, {
          accountId: account.id,
          limit: config.maxSessionsPerAccount,
          now,
          lifetimes,
        });
    await record(context, {
      action: 'sign_in',
      accountId: account.id,
      sessionId: session.id,
      method: 'wallet',
      address: signer.address,
      namespace: signer.namespace,
      chainId: signer.chainId,
      chain: signer.chain,
      walletKind,
      accountCreated: created,
    });
    // Each ended session hears of its end before the sign-in: a stream
    // delivers no other event to a session that already ended
    // (events/until-session-ends.ts).
    for (const ended of beyondLimit) {
      await record(context, {
        action: 'session_revoked',
        accountId: account.id,
        sessionId: ended.id,
        reason: 'session_limit',
      });
      publish({
        type: 'SESSION_REVOKED',
        at: now,
        accountId: account.id,
        actor: 'SELF',
        sessionId: ended.id,
      });
    }
    publish({
      type: 'SIGNED_IN',
      at: now,
      accountId: account.id,
      actor: 'SELF',
      sessionId: session.id,
    });
    return { account, session, token };
  });

  // The access rules are checked after the answer, never before it: an EOA
  // sign-in does not wait on an RPC endpoint (docs/access.md).
  // A sign-in changes no wallet: with every chain down, that check is skipped.
  services.access.checkInBackground(account.id, { sessionId: session.id }, false);
  return { account, session, token, walletKind };
}
