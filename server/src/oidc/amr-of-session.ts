import { findPasskeyById } from '../passkeys/passkey-store.js';
import type { SessionRow } from '../sessions/session-store.js';
import type { Db } from '../store/database.js';

/**
 * The ID token's `amr` (RFC 8176) for the sign-in that opened a session
 * (docs/oidc.md, "How the person signed in"):
 *
 * - a wallet: `swk`, proof of possession of a software-secured key (a
 *   hardware wallet is not told apart from an extension: Sigil sees only
 *   the signature);
 * - a passkey: `hwk` when it is bound to its device, `swk` when it is synced
 *   (its key leaves the hardware), with `user` (a presence test) and `mfa`:
 *   user verification is required, so the key is unlocked by a PIN or a
 *   biometric as well as held.
 */
export async function amrOfSession(db: Db, session: SessionRow): Promise<string[]> {
  if (session.method !== 'passkey' || !session.passkey_id) return ['swk'];
  const passkey = await findPasskeyById(db, session.passkey_id);
  const key = passkey?.backed_up === 0 ? 'hwk' : 'swk';
  return [key, 'user', 'mfa'];
}
