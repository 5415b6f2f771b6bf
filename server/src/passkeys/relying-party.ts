import type { Config } from '../config/load-config.js';

/** What the browser shows as the site a passkey is for. */
export const RELYING_PARTY_NAME = 'Sigil';

/** The algorithms a passkey may use (docs/passkeys.md): ES256, EdDSA, RS256, by their COSE ids. */
export const SUPPORTED_ALGORITHM_IDS = [-7, -8, -257];

/** How long the browser waits for the person: the challenge's own lifetime. */
export const CEREMONY_TIMEOUT_MS = 5 * 60 * 1000;

/**
 * What every response is checked against: the relying party id
 * (PASSKEY_RP_ID, else PUBLIC_URL's host) and PUBLIC_URL's origin, the only
 * one a ceremony may come from.
 */
export function relyingParty(config: Pick<Config, 'passkeys'>) {
  return { rpID: config.passkeys.rpId, origin: config.passkeys.origin };
}
