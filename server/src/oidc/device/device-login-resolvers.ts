import { changeSourceOf } from '../../changes/change-source.js';
import type { Resolvers } from '../../graphql/generated/resolvers-types.js';
import { requireSession } from '../../graphql/require-session.js';
import { approveDeviceLogin, denyDeviceLogin } from './answer-device-login.js';
import { findPendingDeviceCode } from './find-pending-device-code.js';

/** The `/device` page's part of the API (docs/oidc.md, "Device login"). */
export const deviceLoginResolvers: Resolvers = {
  Query: {
    async deviceLogin(_parent, args, context) {
      return (await findPendingDeviceCode(context, args.userCode)).view;
    },
  },
  Mutation: {
    async approveDeviceLogin(_parent, args, context) {
      const session = requireSession(context);
      return approveDeviceLogin(context, {
        userCode: args.userCode,
        session,
        source: changeSourceOf(context, session.account_id),
      });
    },
    async denyDeviceLogin(_parent, args, context) {
      const session = requireSession(context);
      return denyDeviceLogin(context, {
        userCode: args.userCode,
        session,
        source: changeSourceOf(context, session.account_id),
      });
    },
  },
};
