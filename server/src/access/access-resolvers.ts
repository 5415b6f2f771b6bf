import { enforceRateLimit } from '../auth/rate-limit/enforce-rate-limit.js';
import type { Resolvers } from '../graphql/generated/resolvers-types.js';
import { requireSession } from '../graphql/require-session.js';
import type { AccessReportModel } from './create-access-checker.js';

const asReport = (report: AccessReportModel) => ({
  checkedAt: report.checkedAt,
  stale: report.stale,
  rules: report.rules,
});

/** An account's roles and how it fares against the access rules (docs/access.md). */
export const accessResolvers: Resolvers = {
  Account: {
    roles: (account, _args, context) =>
      context.services.access.roles(account.id, { sessionId: context.session?.id }),
    access: async (account, _args, context) =>
      asReport(
        await context.services.access.report(account.id, { sessionId: context.session?.id }),
      ),
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
