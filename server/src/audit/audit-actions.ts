import type { ChangeAction } from '../changes/change.js';

/** Every action the audit log records (changes/change.ts), for filters and their error message. */
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
  'roles_changed',
  'account_suspended',
  'account_unsuspended',
  'role_granted',
  'role_revoked',
  'sessions_ended',
  'webhook_resent',
] as const satisfies readonly ChangeAction[];

// A Change added without its name here fails to compile.
type Unlisted = Exclude<ChangeAction, (typeof AUDIT_ACTIONS)[number]>;
const everyActionListed: Unlisted extends never ? true : never = true;
void everyActionListed;

export function isAuditAction(value: string): value is ChangeAction {
  return (AUDIT_ACTIONS as readonly string[]).includes(value);
}
