import { generateAuthenticationOptions } from '@simplewebauthn/server';
import type { Services } from '../services.js';
import { createPasskeyChallenge } from './passkey-challenge-store.js';
import { CEREMONY_TIMEOUT_MS, relyingParty } from './relying-party.js';

/**
 * The first half of a passkey sign-in (docs/passkeys.md): options for
 * `navigator.credentials.get` with an empty `allowCredentials`, so the
 * browser offers whichever of this site's passkeys it holds (and its
 * autofill can): nobody says which account they mean before proving it.
 */
export async function beginPasskeySignIn(
  services: Pick<Services, 'clock' | 'config' | 'db'>,
): Promise<{ id: string; optionsJSON: string }> {
  const { db, config, clock } = services;
  const challenge = await createPasskeyChallenge(db, {
    purpose: 'sign_in',
    sessionId: null,
    now: clock(),
  });
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(config).rpID,
    // Raw bytes: a string would be taken as UTF-8 text and encoded again.
    challenge: Buffer.from(challenge.challenge, 'base64url'),
    timeout: CEREMONY_TIMEOUT_MS,
    allowCredentials: [],
    userVerification: 'required',
  });
  return { id: challenge.id, optionsJSON: JSON.stringify(options) };
}
