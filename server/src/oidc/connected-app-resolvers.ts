import { changeSourceOf } from '../changes/change-source.js';
import { BadUserInputError } from '../errors.js';
import type { Resolvers } from '../graphql/generated/resolvers-types.js';
import { requireSession } from '../graphql/require-session.js';
import { connectedAppView, listConnections } from './connected-app-store.js';
import { revokeAppAndNotify } from './revoke-app-and-notify.js';

/** The apps an account let sign in with it (OpenID Connect), and revoking one. */
export const connectedAppResolvers: Resolvers = {
  Account: {
    async connectedApps(account, _args, context) {
      const { db, config } = context.services;
      const names = new Map(config.oidcClients.map((c) => [c.client_id, c.client_name]));
      return (await listConnections(db, account.id)).map((row) =>
        // A client since removed from OIDC_CLIENTS is still listed, by its id, so it can be revoked.
        connectedAppView(row, names.get(row.client_id) ?? row.client_id),
      );
    },
  },

  Mutation: {
    async revokeApp(_parent, args, context) {
      const session = requireSession(context);
      if (args.clientId.length === 0 || args.clientId.length > 100) {
        throw new BadUserInputError('clientId must be 1 to 100 characters.');
      }
      return revokeAppAndNotify(context.services, {
        accountId: session.account_id,
        sessionId: session.id,
        clientId: args.clientId,
        source: changeSourceOf(context, session.account_id),
      });
    },
  },

  ConnectedApp: {
    clientId: (app) => app.clientId,
    name: (app) => app.name,
    scopes: (app) => app.scopes,
    grantedAt: (app) => app.grantedAt,
    lastUsedAt: (app) => app.lastUsedAt,
  },
};
