import { BadUserInputError } from '../errors.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * An `ID` argument that names a stored row: accounts, sessions, webhook
 * deliveries and audit events all get `randomUUID()` ids. Anything that is
 * not a UUID is malformed (`BAD_USER_INPUT`, "<name> is not <what>."), never
 * looked up; a well-formed id that names nothing is the caller's NOT_FOUND
 * (docs/api.md#error-codes). Lower-cased, as the ids are stored.
 */
export function uuidArgument(value: string, name: string, what: string): string {
  if (!UUID.test(value)) throw new BadUserInputError(`${name} is not ${what}.`);
  return value.toLowerCase();
}
