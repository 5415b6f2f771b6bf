/**
 * The passkeys module's tables (migration 0011, docs/passkeys.md). Times are
 * epoch milliseconds; binary values are base64url text, the form WebAuthn's
 * JSON and `@simplewebauthn/server` use, so both databases store them alike.
 */
export type PasskeysTable = {
  id: string;
  account_id: string;
  /** The credential id, base64url: unique across the database, removed passkeys included. */
  credential_id: string;
  /** The COSE public key, base64url. */
  public_key: string;
  /** The authenticator's signature counter as last seen; 0 for one that keeps none. */
  counter: number;
  /** The transports the browser reported, as a JSON array of strings. */
  transports: string;
  /** 1 for a synced passkey (backup state), 0 otherwise. */
  backed_up: number;
  /** `multiDevice` when it may be backed up, `singleDevice` otherwise. */
  device_type: string;
  aaguid: string;
  /** The authenticator's name known for its AAGUID (passkeys/known-authenticators.ts), or null. */
  authenticator: string | null;
  name: string;
  created_at: number;
  last_used_at: number | null;
  /** Set when removed: it then opens nothing, and its row stays for the history that names it. */
  removed_at: number | null;
};

/** An account's WebAuthn user handle: 32 random bytes, base64url, made with its first passkey. */
export type PasskeyUserHandlesTable = {
  account_id: string;
  user_handle: string;
};

/** Why a challenge was issued: it answers only that ceremony. */
export type PasskeyChallengePurpose = 'registration' | 'sign_in';

/** A ceremony's challenge, consumed at most once (passkey-challenge-store.ts). */
export type PasskeyChallengesTable = {
  id: string;
  purpose: PasskeyChallengePurpose;
  /** The challenge the browser signs, base64url. */
  challenge: string;
  /** For a registration, the session that asked: only it may finish the ceremony. */
  session_id: string | null;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
};

// This module's tables join the one Database type (docs/architecture.md, "How to add a module").
declare module '../store/database.js' {
  interface Database {
    passkeys: PasskeysTable;
    passkey_user_handles: PasskeyUserHandlesTable;
    passkey_challenges: PasskeyChallengesTable;
  }
}
