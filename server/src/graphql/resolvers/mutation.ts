import { checkRequestOrigin } from '../../auth/allowed-origins.js';
import { createNonce } from '../../auth/nonce/nonce-store.js';
import { signIn } from '../../auth/sign-in.js';
import { BadUserInputError } from '../../errors.js';
import { endSessionAndNotify } from '../../sessions/end-session-and-notify.js';
import type { MutationResolvers } from '../generated/resolvers-types.js';
import { enforceRateLimit } from './rate-limit.js';
import { requireSession } from './require-session.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const Mutation: MutationResolvers = {
  async createNonce(_parent, _args, context) {
    await enforceRateLimit(context, 'createNonce');
    checkRequestOrigin(context.services.config, context.origin);
    const { db, clock, config } = context.services;
    const nonce = await createNonce(db, { now: clock(), ttlSeconds: config.nonceTtlSeconds });
    return { value: nonce.value, expiresAt: nonce.expiresAt };
  },

  async signIn(_parent, args, context) {
    await enforceRateLimit(context, 'signIn');
    const outcome = await signIn(context.services, {
      message: args.message,
      signature: args.signature,
      origin: context.origin,
      userAgent: context.userAgent,
      currentToken: context.sessionToken,
    });
    context.cookies?.setSession(outcome.token);
    // The rest of this operation sees the new session (Session.current).
    context.session = outcome.session;
    return { account: outcome.account, session: outcome.session };
  },

  async signOut(_parent, _args, context) {
    context.cookies?.clearSession();
    const session = context.session;
    if (!session) return true;
    await endSessionAndNotify(context.services, { session, reason: 'SIGNED_OUT' });
    context.session = undefined;
    return true;
  },

  async revokeSession(_parent, args, context) {
    const current = requireSession(context);
    if (!UUID.test(args.id)) throw new BadUserInputError('id is not a session id.');
    const ended = await endSessionAndNotify(context.services, {
      sessionId: args.id,
      accountId: current.account_id,
      reason: 'REVOKED',
    });
    if (ended && ended.id === current.id) {
      context.cookies?.clearSession();
      context.session = undefined;
    }
    return ended !== undefined;
  },
};
