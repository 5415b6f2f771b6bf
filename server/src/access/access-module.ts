import { rolesBound } from '../roles/roles-bound.js';
import type { SigilModule } from '../sigil-module.js';
import { accessResolvers } from './access-resolvers.js';
import { type AccessChecker, createAccessChecker } from './create-access-checker.js';

declare module '../services.js' {
  interface Services {
    /** The access rules, checked per account (docs/access.md). */
    access: AccessChecker;
  }
}

/** Access rules (docs/access.md): what an account's wallets hold, checked on chain. */
export const accessModule: SigilModule = {
  name: 'access',
  openServices({ services: { db, config, clock, changes, logger }, defer, chainTimeoutMs }) {
    const access = createAccessChecker({
      db,
      rules: config.accessRules,
      chains: config.chains,
      rolesTtlSeconds: config.rolesTtlSeconds,
      timeoutMs: chainTimeoutMs,
      clock,
      changes,
      logger,
      adminWallets: config.adminWallets,
    });
    // Closed before what was opened earlier: checks under way finish their writes before the database closes.
    defer('access checker', () => access.close());
    return { access };
  },
  resolvers: [accessResolvers],
  queryCost: {
    lists: (config) => ({
      'Account.roles': rolesBound(config),
      'AccessReport.rules': () => Math.max(1, config.accessRules.length),
      'AccessRuleResult.requirements': () =>
        Math.max(1, ...config.accessRules.map((rule) => rule.requirements.length)),
    }),
  },
};
