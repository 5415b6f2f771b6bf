import { HOSTILE } from '@sigil/profile-rules';
import { BadUserInputError } from '../errors.js';
import { checkText } from '../profiles/validate-profile.js';

/** The longest name a passkey may carry, in code points (docs/passkeys.md). */
export const PASSKEY_NAME_MAX = 64;

/** The name when none is given and the authenticator is not one Sigil knows. */
const DEFAULT_PASSKEY_NAME = 'Passkey';

/** A passkey's name as stored: the profile's text rules (NFC, trimmed, no hostile characters), 1 to 64 code points. */
export function validatePasskeyName(value: string): string {
  const name = checkText('name', value, HOSTILE);
  const length = [...name].length;
  if (length < 1 || length > PASSKEY_NAME_MAX) {
    throw new BadUserInputError(
      `name must be 1 to ${PASSKEY_NAME_MAX} characters (after Unicode NFC normalisation; got ${length}).`,
      { details: { field: 'name' } },
    );
  }
  return name;
}

/** The name a new passkey gets: the one given, else its authenticator's, else "Passkey". */
export function newPasskeyName(given: string | null | undefined, authenticator: string | null) {
  if (given != null) return validatePasskeyName(given);
  return authenticator ?? DEFAULT_PASSKEY_NAME;
}
