import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { AuditAction } from '../../../graphql/generated/schema-enums';

/**
 * Each audit action in words, as the console shows it. A record over the generated
 * enum: an action added to the schema fails the type check until it has its words.
 */
export const auditActionWords: Record<AuditAction, MessageDescriptor> = {
  sign_in: msg({ message: 'Signed in', comment: 'An audit log action: a sign-in succeeded.' }),
  sign_in_refused: msg({
    message: 'Sign-in refused',
    comment: 'An audit log action: a sign-in was refused after its nonce was used up.',
  }),
  sign_out: msg({ message: 'Signed out', comment: 'An audit log action.' }),
  session_revoked: msg({
    message: 'Session revoked',
    comment: 'An audit log action: the person ended one of their sessions.',
  }),
  wallet_linked: msg({ message: 'Wallet linked', comment: 'An audit log action.' }),
  wallet_unlinked: msg({ message: 'Wallet unlinked', comment: 'An audit log action.' }),
  primary_wallet_changed: msg({
    message: 'Primary wallet changed',
    comment: 'An audit log action.',
  }),
  profile_updated: msg({ message: 'Profile updated', comment: 'An audit log action.' }),
  app_authorized: msg({
    message: 'App authorized',
    comment:
      'An audit log action: the person let an app (OpenID Connect) sign in with the account.',
  }),
  app_revoked: msg({
    message: 'App access revoked',
    comment: 'An audit log action: the person took back an app’s access.',
  }),
  passkey_added: msg({ message: 'Passkey added', comment: 'An audit log action.' }),
  passkey_renamed: msg({ message: 'Passkey renamed', comment: 'An audit log action.' }),
  passkey_removed: msg({ message: 'Passkey removed', comment: 'An audit log action.' }),
  oidc_device_approved: msg({
    message: 'Device sign-in approved',
    comment:
      'An audit log action: the person approved, with the code a device showed, that app (a TV, a command-line tool) signing in with the account.',
  }),
  oidc_device_denied: msg({
    message: 'Device sign-in denied',
    comment:
      'An audit log action: the person refused, with the code a device showed, that app signing in with the account.',
  }),
  roles_changed: msg({
    message: 'Roles changed by the access rules',
    comment: 'An audit log action: a check of the chains granted or took back roles.',
  }),
  account_suspended: msg({
    message: 'Account suspended',
    comment: 'An audit log action, by an administrator.',
  }),
  account_unsuspended: msg({
    message: 'Suspension lifted',
    comment: 'An audit log action, by an administrator.',
  }),
  role_granted: msg({
    message: 'Role granted',
    comment: 'An audit log action, by an administrator.',
  }),
  role_revoked: msg({
    message: 'Role revoked',
    comment: 'An audit log action, by an administrator.',
  }),
  sessions_ended: msg({
    message: 'All sessions ended',
    comment: 'An audit log action: an administrator ended every session of an account.',
  }),
  webhook_resent: msg({
    message: 'Webhook resent',
    comment: 'An audit log action: an administrator sent a webhook message again.',
  }),
};

/** The words of an action; an action this build does not know (a newer server) as it came. */
export function describeAuditAction(i18n: I18n, action: string): string {
  return Object.hasOwn(auditActionWords, action)
    ? i18n._(auditActionWords[action as AuditAction])
    : action;
}
