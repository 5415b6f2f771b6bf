import type { Change, ChangeContext, SessionEndReason } from '../changes/change.js';
import type { WebhookEventType } from '../config/webhook-endpoint.js';

/** One message a change sends: its type and its `data` (docs/webhooks.md). */
export type WebhookMessage = { type: WebhookEventType; data: Record<string, unknown> };

const rfc3339 = (at: number | null) => (at === null ? null : new Date(at).toISOString());

const sessionsEnded = (
  accountId: string,
  sessionIds: readonly string[],
  reason: SessionEndReason,
): WebhookMessage[] =>
  sessionIds.map((sessionId) => ({
    type: 'session.ended',
    data: { accountId, sessionId, reason },
  }));

/**
 * The messages a change sends, in the order a receiver should read them (an
 * account is created before its first session; a wallet is unlinked before
 * the sessions it started are reported ended). Changes no receiver is told
 * about (a refused sign-in, a profile edit, a resend) send none.
 */
export function webhookMessagesOf(context: ChangeContext, change: Change): WebhookMessage[] {
  switch (change.action) {
    case 'sign_in': {
      if (change.method === 'passkey') {
        // A passkey opens an existing account: no account.created, no wallet (docs/passkeys.md).
        const { accountId, sessionId, method, passkeyId } = change;
        return [
          {
            type: 'session.created',
            data: {
              accountId,
              sessionId,
              method,
              passkeyId,
              address: null,
              chainId: null,
              walletKind: null,
              namespace: null,
              chain: null,
            },
          },
        ];
      }
      // `namespace` and `chain` were added for Solana (docs/webhooks.md); `chainId` is null there.
      const { accountId, sessionId, method, address, namespace, chainId, chain, walletKind } =
        change;
      const session: WebhookMessage = {
        type: 'session.created',
        data: { accountId, sessionId, method, address, chainId, walletKind, namespace, chain },
      };
      if (!change.accountCreated) return [session];
      return [
        {
          type: 'account.created',
          data: { accountId, address, walletKind, chainId, namespace, chain },
        },
        session,
      ];
    }
    case 'sign_out':
      return sessionsEnded(change.accountId, [change.sessionId], 'signed_out');
    case 'session_revoked':
      return sessionsEnded(change.accountId, [change.sessionId], 'revoked');
    case 'wallet_linked': {
      const { accountId, address, kind, chainId, namespace, caip10 } = change;
      return [
        { type: 'wallet.linked', data: { accountId, address, kind, chainId, namespace, caip10 } },
      ];
    }
    case 'wallet_unlinked': {
      const { accountId, address, kind, chainId, namespace, caip10 } = change;
      return [
        { type: 'wallet.unlinked', data: { accountId, address, kind, chainId, namespace, caip10 } },
        ...sessionsEnded(accountId, change.endedSessionIds, 'wallet_unlinked'),
      ];
    }
    case 'app_authorized':
      return [
        {
          type: 'app.authorized',
          data: { accountId: change.accountId, clientId: change.clientId },
        },
      ];
    case 'app_revoked':
      return [
        { type: 'app.revoked', data: { accountId: change.accountId, clientId: change.clientId } },
      ];
    case 'roles_changed': {
      const { accountId, roles, granted, revoked } = change;
      return [{ type: 'roles.changed', data: { accountId, roles, granted, revoked } }];
    }
    case 'role_granted':
      return [
        {
          type: 'roles.changed',
          data: {
            accountId: change.accountId,
            roles: change.roles,
            granted: [change.role],
            revoked: [],
          },
        },
      ];
    case 'role_revoked':
      return [
        {
          type: 'roles.changed',
          data: {
            accountId: change.accountId,
            roles: change.roles,
            granted: [],
            revoked: [change.role],
          },
        },
      ];
    case 'account_suspended':
      return [
        {
          type: 'account.suspended',
          data: {
            accountId: change.accountId,
            reason: change.reason,
            until: rfc3339(change.until),
            by: context.actorId,
          },
        },
        ...sessionsEnded(change.accountId, change.endedSessionIds, 'suspended'),
      ];
    case 'account_unsuspended':
      return [
        { type: 'account.unsuspended', data: { accountId: change.accountId, by: context.actorId } },
      ];
    case 'sessions_ended':
      return sessionsEnded(change.accountId, change.endedSessionIds, 'revoked');
    case 'passkey_added': {
      const { accountId, passkeyId, name, backedUp, authenticator } = change;
      return [
        { type: 'passkey.added', data: { accountId, passkeyId, name, backedUp, authenticator } },
      ];
    }
    case 'passkey_removed':
      return [
        {
          type: 'passkey.removed',
          data: { accountId: change.accountId, passkeyId: change.passkeyId, by: context.actorId },
        },
        ...sessionsEnded(change.accountId, change.endedSessionIds, 'passkey_removed'),
      ];
    case 'sign_in_refused':
    case 'primary_wallet_changed':
    case 'profile_updated':
    case 'webhook_resent':
    case 'passkey_renamed':
    // The consent itself is app_authorized's message, as on the interaction page.
    case 'oidc_device_approved':
    case 'oidc_device_denied':
      return [];
  }
}
