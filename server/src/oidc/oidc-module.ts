import type { SigilModule } from '../sigil-module.js';
import { SCOPE_CLAIMS } from './account-claims.js';
import { connectedAppResolvers } from './connected-app-resolvers.js';
import { deviceLoginResolvers } from './device/device-login-resolvers.js';
import { deleteExpiredOidcModels } from './kysely-oidc-adapter.js';
import { serveOidc } from './serve-oidc.js';

/** The OpenID Connect provider (docs/oidc.md), its connected apps and device login. */
export const oidcModule: SigilModule = {
  name: 'oidc',
  resolvers: [connectedAppResolvers, deviceLoginResolvers],
  queryCost: {
    lists: (config) => ({
      // At most one grant per configured client.
      'Account.connectedApps': () => Math.max(1, config.oidcClients.length),
      // Every scope Sigil offers, and offline_access.
      'ConnectedApp.scopes': () => Object.keys(SCOPE_CLAIMS).length + 1,
      'DeviceLogin.scopes': () => Object.keys(SCOPE_CLAIMS).length + 1,
    }),
  },
  routes(app, services) {
    app.register(serveOidc, { services });
  },
  housekeeping: [
    {
      table: 'oidc_models',
      deleteBatch: ({ db, clock }, batchSize) =>
        deleteExpiredOidcModels(db, { now: clock(), batchSize }),
    },
  ],
};
