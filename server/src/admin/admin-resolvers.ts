import { findAccountById } from '../accounts/account-store.js';
import { countActiveSuspensions, findActiveSuspension } from '../accounts/suspension-store.js';
import { BadUserInputError } from '../errors.js';
import type { Resolvers } from '../graphql/generated/resolvers-types.js';
import { requireAdministrator } from '../graphql/require-administrator.js';
import { viewerMaySeeSuspension } from '../graphql/viewer-may-see-suspension.js';
import { ADMIN_ROLE } from '../roles/admin-role.js';
import { sessionLifetimes } from '../sessions/session-lifetimes.js';
import { accountCursor } from './account-cursor.js';
import { adminChangeContext, requireAccount } from './admin-action.js';
import {
  accountIdArgument,
  firstArgument,
  reasonArgument,
  roleArgument,
  untilArgument,
} from './admin-input.js';
import {
  countAccounts,
  countLiveSessions,
  countSignInsSince,
  signInsByDay,
} from './admin-stats.js';
import { grantRoleAndNotify, revokeRoleAndNotify } from './change-granted-role.js';
import { endSessionsAndNotify } from './end-sessions-and-notify.js';
import { protectConfiguredAdministrator } from './protect-configured-administrator.js';
import { searchAccounts } from './search-accounts.js';
import { suspendAccountAndNotify, unsuspendAccount } from './suspend-account.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The administration API (docs/administration.md): `Query.admin` and every
 * field under it, the admin mutations, and `Account.suspension`. Each field
 * and mutation checks the viewer itself (requireAdministrator): FORBIDDEN
 * for anyone but an administrator, UNAUTHENTICATED without a session.
 */
export const adminResolvers: Resolvers = {
  Query: {
    async admin(_parent, _args, context) {
      const session = await requireAdministrator(context);
      return { administratorId: session.account_id };
    },
  },

  Admin: {
    async stats(_admin, _args, context) {
      await requireAdministrator(context);
      return { now: context.services.clock() };
    },
    async accounts(_admin, args, context) {
      await requireAdministrator(context);
      const first = firstArgument(args.first ?? 50);
      const rows = await searchAccounts(context.services.db, {
        query: args.query,
        limit: first + 1,
        after: args.after ? accountCursor.decode(args.after) : undefined,
      });
      const page = rows.slice(0, first);
      const edges = page.map((row) => ({
        cursor: accountCursor.encode({ at: row.created_at, id: row.id }),
        node: row,
      }));
      return {
        edges,
        pageInfo: { hasNextPage: rows.length > first, endCursor: edges.at(-1)?.cursor ?? null },
      };
    },
    async account(_admin, args, context) {
      await requireAdministrator(context);
      return (await findAccountById(context.services.db, accountIdArgument(args.id))) ?? null;
    },
  },

  AdminStats: {
    accounts: async (_stats, _args, context) => {
      await requireAdministrator(context);
      return countAccounts(context.services.db);
    },
    activeSessions: async (stats, _args, context) => {
      await requireAdministrator(context);
      return countLiveSessions(
        context.services.db,
        stats.now,
        sessionLifetimes(context.services.config),
      );
    },
    signInsLast24Hours: async (stats, _args, context) => {
      await requireAdministrator(context);
      return countSignInsSince(context.services.db, stats.now - DAY_MS);
    },
    suspendedAccounts: async (stats, _args, context) => {
      await requireAdministrator(context);
      return countActiveSuspensions(context.services.db, stats.now);
    },
    signInsByDay: async (stats, args, context) => {
      await requireAdministrator(context);
      return signInsByDay(context.services.db, stats.now, args.days ?? 30);
    },
  },

  Account: {
    async suspension(account, _args, context) {
      if (!(await viewerMaySeeSuspension(context, account.id))) return null;
      return (
        (await findActiveSuspension(context.services.db, account.id, context.services.clock())) ??
        null
      );
    },
  },

  Suspension: {
    reason: (suspension) => suspension.reason,
    at: (suspension) => suspension.at,
    until: (suspension) => suspension.until,
    by: (suspension) => suspension.by,
  },

  Mutation: {
    async suspendAccount(_parent, args, context) {
      const admin = await requireAdministrator(context);
      const accountId = accountIdArgument(args.id);
      const reason = reasonArgument(args.reason);
      const now = context.services.clock();
      const until = untilArgument(args.until, now);
      if (accountId === admin.account_id) {
        throw new BadUserInputError('An administrator cannot suspend their own account.');
      }
      const account = await requireAccount(context.services.db, accountId);
      await protectConfiguredAdministrator(context.services.db, context.services.config, {
        actorId: admin.account_id,
        targetId: account.id,
        action: 'suspend',
      });
      await suspendAccountAndNotify(context.services, {
        accountId,
        reason,
        until,
        change: adminChangeContext(context, admin, now),
      });
      return account;
    },
    async unsuspendAccount(_parent, args, context) {
      const admin = await requireAdministrator(context);
      const account = await requireAccount(context.services.db, accountIdArgument(args.id));
      const now = context.services.clock();
      await unsuspendAccount(context.services, {
        accountId: account.id,
        change: adminChangeContext(context, admin, now),
      });
      return account;
    },
    async grantRole(_parent, args, context) {
      const admin = await requireAdministrator(context);
      const account = await requireAccount(
        context.services.db,
        accountIdArgument(args.accountId, 'accountId'),
      );
      const role = roleArgument(args.role);
      await grantRoleAndNotify(context.services, {
        accountId: account.id,
        role,
        change: adminChangeContext(context, admin, context.services.clock()),
      });
      return account;
    },
    async revokeRole(_parent, args, context) {
      const admin = await requireAdministrator(context);
      const account = await requireAccount(
        context.services.db,
        accountIdArgument(args.accountId, 'accountId'),
      );
      const role = roleArgument(args.role);
      if (account.id === admin.account_id && role === ADMIN_ROLE) {
        throw new BadUserInputError('An administrator cannot revoke their own admin role.');
      }
      if (role === ADMIN_ROLE) {
        await protectConfiguredAdministrator(context.services.db, context.services.config, {
          actorId: admin.account_id,
          targetId: account.id,
          action: 'revoke-admin',
        });
      }
      await revokeRoleAndNotify(context.services, {
        accountId: account.id,
        role,
        change: adminChangeContext(context, admin, context.services.clock()),
      });
      return account;
    },
    async endSessions(_parent, args, context) {
      const admin = await requireAdministrator(context);
      const account = await requireAccount(
        context.services.db,
        accountIdArgument(args.accountId, 'accountId'),
      );
      await protectConfiguredAdministrator(context.services.db, context.services.config, {
        actorId: admin.account_id,
        targetId: account.id,
        action: 'end-sessions',
      });
      return endSessionsAndNotify(context.services, {
        accountId: account.id,
        change: adminChangeContext(context, admin, context.services.clock()),
      });
    },
  },
};
