// The limits and character sets live in @sigil/profile-rules, shared with the web form.
import { BIO_MAX, DISPLAY_NAME_MAX, HOSTILE, HOSTILE_IN_BIO } from '@sigil/profile-rules';
import { BadUserInputError } from '../errors.js';

/** Length in code points: what a person counts, and what bounds storage (a grapheme can be unbounded). */
const codePoints = (text: string) => [...text].length;

/** NFC, trimmed, with no lone surrogate and no `hostile` character: the profile's text rules, which a passkey's name follows too. */
export function checkText(field: string, value: string, hostile: RegExp): string {
  // In a `u` regex a paired surrogate is one code point: only a lone one matches.
  if (/[\uD800-\uDFFF]/u.test(value))
    throw new BadUserInputError(`${field} is not valid Unicode text.`);
  const normalized = value.normalize('NFC').trim();
  const match = hostile.exec(normalized);
  if (match) {
    const code = match[0].codePointAt(0)?.toString(16).toUpperCase().padStart(4, '0');
    throw new BadUserInputError(
      `${field} must not contain control or bidirectional-override characters (found U+${code}).`,
      { details: { field } },
    );
  }
  return normalized;
}

/** A display name as stored: NFC, trimmed, 1 to 50 code points, no hostile characters. */
export function validateDisplayName(value: string): string {
  const name = checkText('displayName', value, HOSTILE);
  const length = codePoints(name);
  if (length < 1 || length > DISPLAY_NAME_MAX) {
    throw new BadUserInputError(
      `displayName must be 1 to ${DISPLAY_NAME_MAX} characters (after Unicode NFC normalisation; got ${length}).`,
      { details: { field: 'displayName' } },
    );
  }
  return name;
}

/** A bio as stored: NFC, trimmed, at most 280 code points; an empty one is no bio. */
export function validateBio(value: string): string | null {
  const bio = checkText('bio', value.replace(/\r\n?/g, '\n'), HOSTILE_IN_BIO);
  const length = codePoints(bio);
  if (length > BIO_MAX) {
    throw new BadUserInputError(
      `bio must be at most ${BIO_MAX} characters (after Unicode NFC normalisation; got ${length}).`,
      { details: { field: 'bio' } },
    );
  }
  return bio === '' ? null : bio;
}

export type ProfileChanges = {
  display_name?: string | null;
  bio?: string | null;
  public?: number;
};

/**
 * ProfileInput as a change: an omitted field is unchanged, null clears it
 * (`public` cannot be cleared: null is refused).
 */
export function profileChanges(input: {
  displayName?: string | null | undefined;
  bio?: string | null | undefined;
  public?: boolean | null | undefined;
}): ProfileChanges {
  const changes: ProfileChanges = {};
  if (input.displayName !== undefined) {
    changes.display_name =
      input.displayName === null ? null : validateDisplayName(input.displayName);
  }
  if (input.bio !== undefined) {
    changes.bio = input.bio === null ? null : validateBio(input.bio);
  }
  if (input.public !== undefined) {
    if (input.public === null) {
      throw new BadUserInputError('public must be true or false.', {
        details: { field: 'public' },
      });
    }
    changes.public = input.public ? 1 : 0;
  }
  return changes;
}
