import { MAX_SIWE_MESSAGE_LENGTH } from '@sigil/siwe';
import { SIGN_INS_BY_DAY_MAX } from '../admin/admin-stats.js';
import { MAX_SIGNATURE_HEX_LENGTH } from '../auth/verify-signed-message.js';
import { MAX_USER_AGENT_LENGTH } from '../changes/change-source.js';
import type { Config } from '../config/load-config.js';
import { SCOPE_CLAIMS } from '../oidc/account-claims.js';

/**
 * How many items a list field may answer, given its arguments (coerced, with
 * the schema's defaults). The query-cost limit multiplies the cost of what is
 * selected under the list by this (docs/api.md, "Query cost").
 */
export type ListBound = (args: Record<string, unknown>) => number;

/** A page: `first` (the argument's default when omitted), at most `max`. */
const page =
  (max: number): ListBound =>
  (args) => {
    const first = args.first;
    return typeof first === 'number' && Number.isInteger(first) && first >= 0
      ? Math.min(first, max)
      : max;
  };

/** The largest page any connection answers (accounts/account-resolvers.ts, admin/admin-input.ts). */
const MAX_PAGE = 100;

/**
 * Roles an administrator granted by hand have no cap; an account holding more
 * than this many is an operator's doing, and only that account and
 * administrators read them. An estimate, not a bound the store enforces.
 */
const GRANTED_ROLES_ESTIMATE = 10;

/**
 * Every list field of the schema, `Type.field`, with its bound, and every
 * field that takes a page size (`first`). A list or page missing here stops
 * the start (query-cost.ts checks the schema against it) and fails
 * server/test/request-cost-bounds.test.ts, so a new list cannot ship without
 * a bound. A connection's `edges` count one: the page size is charged at the
 * field that takes `first`, for its whole selection.
 */
export type CostTable = {
  lists: Record<string, ListBound>;
  pages: Record<string, ListBound>;
};

/** A module's part of the cost table (its descriptor's `queryCost`). */
export type ModuleCosts = {
  lists?(config: Config): Record<string, ListBound>;
  pages?: Record<string, ListBound>;
  largeFields?: Record<string, number>;
};

export function costTable(
  config: Config,
  _modules: readonly { queryCost?: ModuleCosts }[] = [],
): CostTable {
  return { lists: listBounds(config), pages: pageBounds() };
}

function pageBounds(): Record<string, ListBound> {
  return {
    'Account.signIns': page(MAX_PAGE),
    'Admin.accounts': page(MAX_PAGE),
    'Admin.auditLog': page(MAX_PAGE),
    'Admin.webhookDeliveries': page(MAX_PAGE),
  };
}

function listBounds(config: Config): Record<string, ListBound> {
  const wallets = () => config.maxWalletsPerAccount;
  const rules = config.accessRules;
  const roles = () => rules.length + GRANTED_ROLES_ESTIMATE + 1;
  const connection = () => 1;
  return {
    'SignInParameters.chains': () => config.chains.length,
    'SignInParameters.solanaClusters': () => Math.max(1, config.solanaClusters.length),
    'Account.wallets': wallets,
    // The store keeps no more live sessions than this (sessions/end-sessions-beyond-limit.ts).
    'Account.sessions': () => config.maxSessionsPerAccount,
    'Account.passkeys': () => config.passkeys.maxPerAccount,
    // At most one grant per configured client.
    'Account.connectedApps': () => Math.max(1, config.oidcClients.length),
    'Account.roles': roles,
    'AdminStats.signInsByDay': (args) =>
      typeof args.days === 'number'
        ? Math.min(args.days, SIGN_INS_BY_DAY_MAX)
        : SIGN_INS_BY_DAY_MAX,
    'AccountConnection.edges': connection,
    'AuditEventConnection.edges': connection,
    'WebhookDeliveryConnection.edges': connection,
    'SignInConnection.edges': connection,
    'AccessReport.rules': () => Math.max(1, rules.length),
    'AccessRuleResult.requirements': () =>
      Math.max(1, ...rules.map((rule) => rule.requirements.length)),
    'PublicProfile.wallets': wallets,
    // Every scope Sigil offers, and offline_access.
    'ConnectedApp.scopes': () => Object.keys(SCOPE_CLAIMS).length + 1,
    'DeviceLogin.scopes': () => Object.keys(SCOPE_CLAIMS).length + 1,
    'AccountEvent.roles': roles,
  };
}

/**
 * Fields whose value may be long, with the most bytes it may take: each
 * charges one more per 256 bytes of it, so a query's cost grows with what it
 * can make the server send. A proof is up to 16 KiB of message and 8 KiB of
 * signature, 16 KiB in hex (auth/verify-signed-message.ts); a user agent is
 * kept to its first 512 characters (changes/change-source.ts).
 */
export const LARGE_FIELDS: Record<string, number> = {
  'WalletProof.message': MAX_SIWE_MESSAGE_LENGTH,
  'WalletProof.signature': MAX_SIGNATURE_HEX_LENGTH,
  // A header's characters are bytes (latin1): each is at most two in UTF-8.
  'Session.userAgent': MAX_USER_AGENT_LENGTH * 2,
  'SignIn.userAgent': MAX_USER_AGENT_LENGTH * 2,
  'AuditEvent.userAgent': MAX_USER_AGENT_LENGTH * 2,
};

/** The bytes one unit of cost stands for in a large field. */
export const BYTES_PER_COST_UNIT = 256;
