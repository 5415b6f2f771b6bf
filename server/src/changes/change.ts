/**
 * A wallet's family and kind, spelled here as accounts/account-tables.ts and
 * auth/signature/verify-signature.ts spell them: changes/ sits below the
 * modules that record changes, and imports none of them
 * (docs/architecture.md, "Layers").
 */
type ChainNamespace = 'eip155' | 'solana';
type WalletKind = 'EOA' | 'CONTRACT' | 'COUNTERFACTUAL';

/**
 * Who made a change and from where: what the audit log keeps beside it.
 * `actorId` is the signed-in account that acted (an administrator, or the
 * account itself); null when no session acted (a sign-in, a rules check,
 * housekeeping).
 */
export type ChangeContext = {
  at: number;
  actorId: string | null;
  ip: string | null;
  userAgent: string | null;
};

/** How a session was opened: a wallet's signed message or a passkey (docs/passkeys.md). */
export type SignInMethod = 'wallet' | 'passkey';

/** How a session ended, as webhooks tell it (docs/webhooks.md). */
export type SessionEndReason =
  | 'signed_out'
  | 'revoked'
  | 'wallet_unlinked'
  | 'suspended'
  | 'passkey_removed';

/**
 * Every change Sigil records: the audit log writes one event for each, and
 * webhooks send the messages that follow from it, both in the transaction
 * that makes the change (docs/administration.md, docs/webhooks.md).
 * `action` is the audit log's name for it.
 */
export type Change =
  | {
      action: 'sign_in';
      accountId: string;
      sessionId: string;
      method: 'wallet';
      address: string;
      namespace: ChainNamespace;
      /** Null for a Solana sign-in. */
      chainId: number | null;
      /** CAIP-2: `eip155:<chainId>`, or the Solana cluster's id. */
      chain: string;
      walletKind: WalletKind;
      /** The sign-in created the account: webhooks also send account.created. */
      accountCreated: boolean;
    }
  | {
      action: 'sign_in';
      accountId: string;
      sessionId: string;
      /** A passkey opens an account a wallet made, never makes one (docs/passkeys.md). */
      method: 'passkey';
      passkeyId: string;
    }
  | {
      action: 'sign_in_refused';
      /** The account the wallet opens, when there is one. */
      accountId: string | null;
      address: string;
      namespace: ChainNamespace;
      /** Null for a Solana message. */
      chainId: number | null;
      chain: string;
      /** The error code the client got. */
      code: string;
    }
  | {
      action: 'sign_in_refused';
      method: 'passkey';
      /** The account whose passkey answered, when it is one of this server's. */
      accountId: string | null;
      passkeyId: string | null;
      code: string;
    }
  | { action: 'sign_out'; accountId: string; sessionId: string }
  | {
      action: 'session_revoked';
      accountId: string;
      sessionId: string;
      /** Set when a sign-in ended it, the account being at MAX_SESSIONS_PER_ACCOUNT; absent for revokeSession. */
      reason?: 'session_limit';
    }
  | {
      action: 'wallet_linked';
      accountId: string;
      address: string;
      namespace: ChainNamespace;
      kind: WalletKind;
      /** Null for an EOA and a Solana key. */
      chainId: number | null;
      /** The wallet's CAIP-10 id (accounts/wallet-caip10.ts). */
      caip10: string;
    }
  | {
      action: 'wallet_unlinked';
      accountId: string;
      address: string;
      namespace: ChainNamespace;
      kind: WalletKind;
      chainId: number | null;
      caip10: string;
      /** The sessions the wallet had started, ended with it. */
      endedSessionIds: string[];
    }
  | {
      action: 'primary_wallet_changed';
      accountId: string;
      address: string;
      namespace: ChainNamespace;
      chainId: number | null;
      caip10: string;
    }
  | { action: 'profile_updated'; accountId: string; fields: string[] }
  | { action: 'app_authorized'; accountId: string; clientId: string; scopes: string[] }
  | { action: 'app_revoked'; accountId: string; clientId: string }
  | { action: 'oidc_device_approved'; accountId: string; clientId: string; scopes: string[] }
  | { action: 'oidc_device_denied'; accountId: string; clientId: string }
  | {
      action: 'roles_changed';
      accountId: string;
      /** Every role after the change, sorted. */
      roles: string[];
      granted: string[];
      revoked: string[];
    }
  | {
      action: 'account_suspended';
      accountId: string;
      reason: string;
      until: number | null;
      endedSessionIds: string[];
    }
  | { action: 'account_unsuspended'; accountId: string }
  | { action: 'role_granted'; accountId: string; role: string; roles: string[] }
  | { action: 'role_revoked'; accountId: string; role: string; roles: string[] }
  | { action: 'sessions_ended'; accountId: string; endedSessionIds: string[] }
  | { action: 'webhook_resent'; accountId: string | null; deliveryId: string }
  | {
      action: 'passkey_added';
      accountId: string;
      passkeyId: string;
      name: string;
      backedUp: boolean;
      /** The authenticator's name known for its AAGUID, or null. */
      authenticator: string | null;
    }
  | { action: 'passkey_renamed'; accountId: string; passkeyId: string; name: string }
  | {
      action: 'passkey_removed';
      accountId: string;
      passkeyId: string;
      /** The sessions the passkey had opened, ended with it. */
      endedSessionIds: string[];
    };

export type ChangeAction = Change['action'];
