import type { Kysely } from 'kysely';
import type { AccessBalancesTable, AccessChecksTable } from '../access/access-tables.js';
import type { AccountsTable, SignInsTable, WalletsTable } from '../accounts/account-tables.js';
import type { SuspensionsTable } from '../admin/admin-tables.js';
import type { AuditEventsTable } from '../audit/audit-tables.js';
import type { NoncesTable } from '../auth/nonce/nonce-table.js';
import type { ImagesTable } from '../images/image-table.js';
import type { OidcConnectionsTable, OidcKeysTable, OidcModelsTable } from '../oidc/oidc-tables.js';
import type {
  PasskeyChallengesTable,
  PasskeysTable,
  PasskeyUserHandlesTable,
} from '../passkeys/passkey-tables.js';
import type { ProfilesTable } from '../profiles/profile-table.js';
import type { GrantedRolesTable } from '../roles/roles-tables.js';
import type { SessionsTable } from '../sessions/session-table.js';
import type { WebhookDeliveriesTable } from '../webhooks/webhook-tables.js';

/**
 * Every module's tables, as Kysely sees them; each module declares its own.
 * Times are epoch milliseconds (integers) on both SQLite and PostgreSQL, so
 * comparisons and arithmetic are the same on both; the GraphQL layer turns
 * them into DateTime.
 */
export type Database = {
  accounts: AccountsTable;
  wallets: WalletsTable;
  nonces: NoncesTable;
  sessions: SessionsTable;
  sign_ins: SignInsTable;
  oidc_models: OidcModelsTable;
  oidc_keys: OidcKeysTable;
  oidc_connections: OidcConnectionsTable;
  profiles: ProfilesTable;
  images: ImagesTable;
  access_checks: AccessChecksTable;
  access_balances: AccessBalancesTable;
  granted_roles: GrantedRolesTable;
  suspensions: SuspensionsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  audit_events: AuditEventsTable;
  passkeys: PasskeysTable;
  passkey_user_handles: PasskeyUserHandlesTable;
  passkey_challenges: PasskeyChallengesTable;
};

export type Db = Kysely<Database>;
