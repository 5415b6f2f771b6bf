import { generateRegistrationOptions } from '@simplewebauthn/server';
import { PasskeyLimitReachedError } from '../errors.js';
import type { Services } from '../services.js';
import type { SessionRow } from '../sessions/session-store.js';
import { createPasskeyChallenge } from './passkey-challenge-store.js';
import { countPasskeys, listPasskeys } from './passkey-store.js';
import { userHandleOfAccount } from './passkey-user-handle.js';
import {
  CEREMONY_TIMEOUT_MS,
  RELYING_PARTY_NAME,
  relyingParty,
  SUPPORTED_ALGORITHM_IDS,
} from './relying-party.js';

/**
 * The first half of adding a passkey (docs/passkeys.md): the options for the
 * browser's `navigator.credentials.create`, with a fresh challenge only this
 * session may answer. A discoverable credential (resident key required), so
 * sign-in needs no name typed; user verification required; attestation
 * `none`: Sigil trusts the wallet that vouches for the account, not a
 * vendor's certificate. The account's passkeys are excluded, so the same
 * authenticator is not registered twice. `userName` is what the browser
 * shows in its passkey picker.
 */
export async function beginPasskeyRegistration(
  services: Pick<Services, 'clock' | 'config' | 'db'>,
  p: { session: SessionRow; userName: string },
): Promise<{ id: string; optionsJSON: string }> {
  const { db, config, clock } = services;
  const accountId = p.session.account_id;
  const limit = config.passkeys.maxPerAccount;
  if ((await countPasskeys(db, accountId)) >= limit) throw new PasskeyLimitReachedError(limit);
  const userHandle = await userHandleOfAccount(db, accountId);
  const existing = await listPasskeys(db, accountId);
  const challenge = await createPasskeyChallenge(db, {
    purpose: 'registration',
    sessionId: p.session.id,
    now: clock(),
  });
  const options = await generateRegistrationOptions({
    rpName: RELYING_PARTY_NAME,
    rpID: relyingParty(config).rpID,
    userID: Buffer.from(userHandle, 'base64url'),
    userName: p.userName,
    // Raw bytes: a string would be taken as UTF-8 text and encoded again.
    challenge: Buffer.from(challenge.challenge, 'base64url'),
    timeout: CEREMONY_TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((passkey) => ({
      id: passkey.credential_id,
      transports: JSON.parse(passkey.transports),
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    supportedAlgorithmIDs: SUPPORTED_ALGORITHM_IDS,
  });
  return { id: challenge.id, optionsJSON: JSON.stringify(options) };
}
