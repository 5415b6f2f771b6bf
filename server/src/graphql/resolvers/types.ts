import { listSignIns } from '../../accounts/sign-in-store.js';
import { BadUserInputError, InternalError } from '../../errors.js';
import { findSessionById, listLiveSessions, sessionEndsAt } from '../../sessions/session-store.js';
import type { GraphQLContext } from '../context.js';
import type {
  AccountEventResolvers,
  AccountResolvers,
  SessionResolvers,
  SignInResolvers,
} from '../generated/resolvers-types.js';

const MAX_PAGE = 100;

function lifetimes(context: GraphQLContext) {
  const { config } = context.services;
  return {
    maxAgeSeconds: config.sessionMaxAgeSeconds,
    idleTimeoutSeconds: config.sessionIdleTimeoutSeconds,
  };
}

/** Cursors are opaque to clients; today they wrap the history's sequence number. */
function encodeCursor(seq: number): string {
  return Buffer.from(`signin:${seq}`).toString('base64url');
}

function decodeCursor(cursor: string): number {
  const match = /^signin:(\d{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!match) throw new BadUserInputError('after is not a cursor of this list.');
  return Number(match[1]);
}

export const Account: AccountResolvers = {
  id: (account) => account.id,
  address: (account) => account.address,
  createdAt: (account) => account.created_at,
  sessions: (account, _args, context) =>
    listLiveSessions(context.services.db, {
      accountId: account.id,
      now: context.services.clock(),
      lifetimes: lifetimes(context),
    }),
  async signIns(account, args, context) {
    const first = args.first ?? 20;
    if (!Number.isInteger(first) || first < 0 || first > MAX_PAGE) {
      throw new BadUserInputError(`first must be between 0 and ${MAX_PAGE}.`);
    }
    const afterSeq = args.after ? decodeCursor(args.after) : undefined;
    const { rows, hasNextPage } = await listSignIns(context.services.db, {
      accountId: account.id,
      first,
      ...(afterSeq !== undefined && { afterSeq }),
    });
    const edges = rows.map((row) => ({ cursor: encodeCursor(row.seq), node: row }));
    return { edges, pageInfo: { hasNextPage, endCursor: edges.at(-1)?.cursor ?? null } };
  },
};

export const Session: SessionResolvers = {
  id: (session) => session.id,
  current: (session, _args, context) => session.id === context.session?.id,
  createdAt: (session) => session.created_at,
  lastSeenAt: (session) => session.last_seen_at,
  expiresAt: (session, _args, context) =>
    session.ended_at ?? sessionEndsAt(session, lifetimes(context)),
  chainId: (session) => session.chain_id,
  userAgent: (session) => session.user_agent,
};

export const SignIn: SignInResolvers = {
  id: (signIn) => signIn.id,
  at: (signIn) => signIn.at,
  address: (signIn) => signIn.address,
  chainId: (signIn) => signIn.chain_id,
  walletKind: (signIn) => signIn.wallet_kind,
  userAgent: (signIn) => signIn.user_agent,
};

export const AccountEvent: AccountEventResolvers = {
  type: (event) => event.type,
  at: (event) => event.at,
  async session(event, _args, context) {
    const session = await findSessionById(context.services.db, event.sessionId);
    if (!session) throw new InternalError(`session ${event.sessionId} of an event is missing`);
    return session;
  },
};
