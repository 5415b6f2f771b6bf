import type { AuditAction } from '../../../graphql/generated/schema-enums';

/**
 * Each audit action in words, as the console shows it. A record over the generated
 * enum: an action added to the schema fails the type check until it has its words.
 */
export const auditActionWords: Record<AuditAction, string> = {
  sign_in: 'Signed in',
  sign_in_refused: 'Sign-in refused',
  sign_out: 'Signed out',
  session_revoked: 'Session revoked',
  wallet_linked: 'Wallet linked',
  wallet_unlinked: 'Wallet unlinked',
  primary_wallet_changed: 'Primary wallet changed',
  profile_updated: 'Profile updated',
  app_authorized: 'App authorized',
  app_revoked: 'App access revoked',
  roles_changed: 'Roles changed by the access rules',
  account_suspended: 'Account suspended',
  account_unsuspended: 'Suspension lifted',
  role_granted: 'Role granted',
  role_revoked: 'Role revoked',
  sessions_ended: 'All sessions ended',
  webhook_resent: 'Webhook resent',
};

/** The words of an action; an action this build does not know (a newer server) as it came. */
export function describeAuditAction(action: string): string {
  return Object.hasOwn(auditActionWords, action) ? auditActionWords[action as AuditAction] : action;
}
