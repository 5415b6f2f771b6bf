import { BadUserInputError } from '../errors.js';
import { uuidArgument } from '../graphql/uuid-argument.js';

/** The access rules' role grammar (docs/access.md); `admin` is allowed here. */
const ROLE = /^[a-z0-9][a-z0-9-]{0,31}$/;

export const REASON_MAX_LENGTH = 500;

/** An account id as an administrator typed it: a UUID, or BAD_USER_INPUT. */
export function accountIdArgument(id: string, name = 'id'): string {
  return uuidArgument(id, name, 'an account id');
}

export function roleArgument(role: string): string {
  if (!ROLE.test(role)) {
    throw new BadUserInputError('role must be 1 to 32 of a-z, 0-9 and "-", not starting with "-".');
  }
  return role;
}

/** A suspension's reason: trimmed, 1 to 500 characters (code points). */
export function reasonArgument(reason: string): string {
  const trimmed = reason.trim();
  const length = [...trimmed].length;
  if (length === 0) throw new BadUserInputError('reason must not be empty.');
  if (length > REASON_MAX_LENGTH) {
    throw new BadUserInputError(`reason must be at most ${REASON_MAX_LENGTH} characters.`);
  }
  return trimmed;
}

/** A suspension's end: absent (until lifted) or in the future. */
export function untilArgument(until: Date | null | undefined, now: number): number | null {
  if (until === null || until === undefined) return null;
  const at = until.getTime();
  if (!Number.isFinite(at) || at <= now) {
    throw new BadUserInputError('until must be in the future.');
  }
  return at;
}

/** A page size between 1 and `max`. */
export function firstArgument(first: number, max = 100): number {
  if (!Number.isInteger(first) || first < 1 || first > max) {
    throw new BadUserInputError(`first must be between 1 and ${max}.`);
  }
  return first;
}
