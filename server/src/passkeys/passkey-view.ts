import type { PasskeyRow } from './passkey-store.js';

/**
 * A passkey as the API shows it and live events carry it between instances:
 * what the account page needs, never the key or the counter.
 */
export type PasskeyView = {
  id: string;
  name: string;
  created_at: number;
  last_used_at: number | null;
  backed_up: number;
  authenticator: string | null;
};

declare module '../events/account-events.js' {
  interface EventSubjects {
    /** For a passkey event, the passkey as it was: a removed one no longer opens the account. */
    passkey: PasskeyView;
  }
}

export function passkeyView(row: PasskeyRow): PasskeyView {
  const { id, name, created_at, last_used_at, backed_up, authenticator } = row;
  return { id, name, created_at, last_used_at, backed_up, authenticator };
}
