import { adminChangeContext, requireAccount } from '../admin/admin-action.js';
import { accountIdArgument } from '../admin/admin-input.js';
import { changeSourceOf } from '../audit/change-source.js';
import { enforceRateLimit } from '../auth/rate-limit/enforce-rate-limit.js';
import { PasskeyNotRecognizedError } from '../errors.js';
import type { Resolvers } from '../graphql/generated/resolvers-types.js';
import { requireAdministrator } from '../graphql/require-administrator.js';
import { requireSession } from '../graphql/require-session.js';
import { requireWalletSession } from '../graphql/require-wallet-session.js';
import { uuidArgument } from '../graphql/uuid-argument.js';
import { addPasskey } from './add-passkey.js';
import { beginPasskeyRegistration } from './begin-passkey-registration.js';
import { beginPasskeySignIn } from './begin-passkey-sign-in.js';
import { findPasskeyById, listPasskeys } from './passkey-store.js';
import { passkeyView } from './passkey-view.js';
import { removePasskeyAndNotify } from './remove-passkey-and-notify.js';
import { renamePasskey } from './rename-passkey.js';
import { signInWithPasskey } from './sign-in-with-passkey.js';

const methodEnum = (method: 'wallet' | 'passkey') => (method === 'passkey' ? 'PASSKEY' : 'WALLET');

/** A passkey id argument: malformed is BAD_USER_INPUT; well-formed but unknown is PASSKEY_NOT_RECOGNIZED. */
const passkeyIdArgument = (id: string) => uuidArgument(id, 'id', 'a passkey id');

/** Only a uuid is a challenge id; anything else is as unknown as an expired one (INVALID_NONCE). */
const challengeIdArgument = (id: string) => uuidArgument(id, 'challengeId', 'a challenge id');

/**
 * Passkeys (docs/passkeys.md): the ceremonies, the account's list, and how
 * a session or sign-in says it was opened by one.
 */
export const passkeyResolvers: Resolvers = {
  Account: {
    passkeys: async (account, _args, context) =>
      (await listPasskeys(context.services.db, account.id)).map(passkeyView),
  },

  Passkey: {
    id: (passkey) => passkey.id,
    name: (passkey) => passkey.name,
    createdAt: (passkey) => passkey.created_at,
    lastUsedAt: (passkey) => passkey.last_used_at,
    backedUp: (passkey) => passkey.backed_up === 1,
    authenticator: (passkey) => passkey.authenticator,
  },

  Session: {
    method: (session) => methodEnum(session.method),
    passkey: async (session, _args, context) => {
      if (!session.passkey_id) return null;
      const row = await findPasskeyById(context.services.db, session.passkey_id);
      return row ? passkeyView(row) : null;
    },
  },

  SignIn: {
    method: (signIn) => methodEnum(signIn.method),
    passkey: async (signIn, _args, context) => {
      if (!signIn.passkey_id) return null;
      const row = await findPasskeyById(context.services.db, signIn.passkey_id);
      return row ? passkeyView(row) : null;
    },
  },

  AccountEvent: {
    passkey: (event) => event.passkey ?? null,
  },

  Mutation: {
    async beginPasskeyRegistration(_parent, _args, context) {
      const session = requireWalletSession(context, { recent: true });
      const account = context.sessionAccount;
      return beginPasskeyRegistration(context.services, {
        session,
        // What the browser's passkey picker shows: the account's primary address, shortened.
        userName: account ? shortAddress(account.address) : 'Sigil account',
      });
    },

    async addPasskey(_parent, args, context) {
      const session = requireWalletSession(context, { recent: true });
      const row = await addPasskey(context.services, {
        session,
        challengeId: challengeIdArgument(args.challengeId),
        responseJSON: args.responseJSON,
        name: args.name,
        source: changeSourceOf(context, session.account_id),
      });
      return passkeyView(row);
    },

    async renamePasskey(_parent, args, context) {
      // A name changes nothing a wallet guards: a passkey's session may rename.
      const session = requireSession(context);
      const row = await renamePasskey(context.services, {
        accountId: session.account_id,
        id: passkeyIdArgument(args.id),
        name: args.name,
        source: changeSourceOf(context, session.account_id),
      });
      return passkeyView(row);
    },

    async removePasskey(_parent, args, context) {
      const session = requireWalletSession(context);
      const outcome = await removePasskeyAndNotify(context.services, {
        accountId: session.account_id,
        passkeyId: passkeyIdArgument(args.id),
        sessionId: session.id,
        actor: 'SELF',
        change: { ...changeSourceOf(context, session.account_id), at: context.services.clock() },
      });
      if (!outcome) throw new PasskeyNotRecognizedError();
      return true;
    },

    async beginPasskeySignIn(_parent, _args, context) {
      // Counted with createNonce: a client gets one budget of sign-in attempts, whichever way.
      await enforceRateLimit(context, 'createNonce');
      return beginPasskeySignIn(context.services);
    },

    async signInWithPasskey(_parent, args, context) {
      await enforceRateLimit(context, 'signIn');
      const outcome = await signInWithPasskey(context.services, {
        challengeId: challengeIdArgument(args.challengeId),
        responseJSON: args.responseJSON,
        userAgent: context.userAgent,
        currentToken: context.sessionToken,
        source: changeSourceOf(context, null),
      });
      context.cookies?.setSession(outcome.token);
      // The rest of this operation sees the new session (Session.current).
      context.session = outcome.session;
      const account = await requireAccount(context.services.db, outcome.accountId);
      context.sessionAccount = account;
      return { account, session: outcome.session };
    },

    async removeAccountPasskey(_parent, args, context) {
      const admin = await requireAdministrator(context);
      const account = await requireAccount(
        context.services.db,
        accountIdArgument(args.accountId, 'accountId'),
      );
      const outcome = await removePasskeyAndNotify(context.services, {
        accountId: account.id,
        passkeyId: passkeyIdArgument(args.id),
        actor: 'ADMINISTRATOR',
        change: adminChangeContext(context, admin, context.services.clock()),
      });
      return outcome !== undefined;
    },
  },
};

function shortAddress(address: string): string {
  if (address.length <= 12) return address;
  return `${address.slice(0, 6)}…${address.slice(-4)}`;
}
