import type { ChangeAction } from '../changes/change.js';
import type { AuditAction } from '../graphql/generated/schema-enums.js';

/**
 * Every action the audit log records (changes/change.ts), for filters and their
 * error message, in the order docs/administration.md tells them. The schema's
 * `enum AuditAction` names the same actions: the checks below fail to compile
 * when either side gains one the other lacks, and audit-actions.test.ts
 * compares the lists.
 */
export const AUDIT_ACTIONS = [
  'sign_in',
  'sign_in_refused',
  'sign_out',
  'session_revoked',
  'wallet_linked',
  'wallet_unlinked',
  'primary_wallet_changed',
  'profile_updated',
  'app_authorized',
  'app_revoked',
  'oidc_device_approved',
  'oidc_device_denied',
  'roles_changed',
  'account_suspended',
  'account_unsuspended',
  'role_granted',
  'role_revoked',
  'sessions_ended',
  'webhook_resent',
  'passkey_added',
  'passkey_renamed',
  'passkey_removed',
] as const satisfies readonly ChangeAction[];

// A Change added without its name here, or without its value in the schema's enum, fails to compile.
type Unlisted = Exclude<ChangeAction, (typeof AUDIT_ACTIONS)[number]>;
const everyActionListed: Unlisted extends never ? true : never = true;
void everyActionListed;
type NotInSchema = Exclude<ChangeAction, AuditAction>;
const everyActionInSchema: NotInSchema extends never ? true : never = true;
void everyActionInSchema;
type NotAChange = Exclude<AuditAction, ChangeAction>;
const everySchemaActionAChange: NotAChange extends never ? true : never = true;
void everySchemaActionAChange;

export function isAuditAction(value: string): value is ChangeAction {
  return (AUDIT_ACTIONS as readonly string[]).includes(value);
}
