import { enforceRateLimit } from '../auth/rate-limit/enforce-rate-limit.js';
import type { GraphQLContext } from '../graphql/context.js';
import type { Resolvers } from '../graphql/generated/resolvers-types.js';
import { requireSession } from '../graphql/require-session.js';
import type { AccessReportModel, CheckCause } from './create-access-checker.js';

/**
 * The session a check is put down to: the viewer's only when it is a session
 * of the account read. An administrator reading a member's roles is not the
 * member's session, and ROLES_CHANGED goes to the member (account-events.ts).
 */
const causeOf = (context: GraphQLContext, accountId: string): CheckCause =>
  context.session?.account_id === accountId ? { sessionId: context.session.id } : {};

const asReport = (report: AccessReportModel) => ({
  checkedAt: report.checkedAt,
  stale: report.stale,
  rules: report.rules,
});

/** An account's roles and how it fares against the access rules (docs/access.md). */
export const accessResolvers: Resolvers = {
  Account: {
    roles: (account, _args, context) =>
      context.services.access.roles(account.id, causeOf(context, account.id)),
    access: async (account, _args, context) =>
      asReport(await context.services.access.report(account.id, causeOf(context, account.id))),
  },

  Mutation: {
    async refreshAccess(_parent, _args, context) {
      const session = requireSession(context);
      // Each refresh reads every chain: limited like a sign-in.
      await enforceRateLimit(context, 'refreshAccess');
      return asReport(
        await context.services.access.refresh(session.account_id, { sessionId: session.id }),
      );
    },
  },
};
