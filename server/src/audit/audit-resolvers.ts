import { accountIdArgument } from '../admin/admin-input.js';
import { BadUserInputError } from '../errors.js';
import type { Resolvers } from '../graphql/generated/resolvers-types.js';
import { requireAdministrator } from '../graphql/require-administrator.js';
import { AUDIT_ACTIONS, isAuditAction } from './audit-actions.js';
import { auditCursor } from './audit-cursor.js';
import { listAuditEvents } from './audit-event-store.js';

const MAX_PAGE = 100;

/** `Admin.auditLog` (administrators only) and the event as the API shows it. */
export const auditResolvers: Resolvers = {
  Admin: {
    async auditLog(_admin, args, context) {
      await requireAdministrator(context);
      const first = args.first ?? 50;
      if (!Number.isInteger(first) || first < 1 || first > MAX_PAGE) {
        throw new BadUserInputError(`first must be between 1 and ${MAX_PAGE}.`);
      }
      const action = args.action ?? undefined;
      if (action !== undefined && !isAuditAction(action)) {
        throw new BadUserInputError(`action must be one of ${AUDIT_ACTIONS.join(', ')}.`, {
          details: { actions: [...AUDIT_ACTIONS] },
        });
      }
      const accountId =
        args.accountId == null ? undefined : accountIdArgument(args.accountId, 'accountId');
      const after = args.after ? auditCursor.decode(args.after) : undefined;
      const { rows, hasNextPage } = await listAuditEvents(context.services.db, {
        first,
        after,
        accountId,
        action,
      });
      const edges = rows.map((row) => ({
        cursor: auditCursor.encode({ at: Number(row.at), id: row.id }),
        node: row,
      }));
      return { edges, pageInfo: { hasNextPage, endCursor: edges.at(-1)?.cursor ?? null } };
    },
  },

  AuditEvent: {
    id: (event) => event.id,
    at: (event) => Number(event.at),
    action: (event) => event.action,
    actorId: (event) => event.actor_id,
    accountId: (event) => event.account_id,
    address: (event) => event.address,
    ip: (event) => event.ip,
    userAgent: (event) => event.user_agent,
    detail: (event) => event.detail,
  },
};
