/**
 * The server's profile rules, applied while a person types so they see a problem
 * before sending; the server checks again and its refusal is shown. The limits and
 * character sets come from @sigil/profile-rules, which the server enforces (shared,
 * not copied: a form that allowed what the server refuses, or the reverse, would
 * mislead); only the wording is the form's.
 */
import { t } from '@lingui/core/macro';
import { BIO_MAX, DISPLAY_NAME_MAX, HOSTILE, HOSTILE_IN_BIO } from '@sigil/profile-rules';

export { BIO_MAX, DISPLAY_NAME_MAX };

/** The text as the server stores it: NFC, without surrounding whitespace. */
function stored(text: string): string {
  return text.normalize('NFC').trim();
}

/** Length as the server counts it: code points after NFC normalisation and trimming. */
export function profileLength(text: string): number {
  return [...stored(text)].length;
}

/** Why the display name would be refused, or null. An empty field clears the name. */
export function displayNameProblem(text: string): string | null {
  if (text === '') return null;
  if (HOSTILE.test(stored(text))) {
    return t`The name cannot contain control or text-direction characters.`;
  }
  const length = profileLength(text);
  if (length === 0) return t`The name cannot be only spaces.`;
  if (length > DISPLAY_NAME_MAX) return t`The name is longer than ${DISPLAY_NAME_MAX} characters.`;
  return null;
}

/** Why the bio would be refused, or null. */
export function bioProblem(text: string): string | null {
  if (HOSTILE_IN_BIO.test(stored(text.replace(/\r\n?/g, '\n')))) {
    return t`The bio cannot contain control or text-direction characters.`;
  }
  if (profileLength(text) > BIO_MAX) return t`The bio is longer than ${BIO_MAX} characters.`;
  return null;
}

/** The avatar formats the server accepts (it sniffs the bytes; this only saves a round trip). */
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif'];
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

/** Why an avatar file would be refused before sending it, or null. */
export function avatarProblem(file: Pick<File, 'size' | 'type'>): string | null {
  if (file.size > AVATAR_MAX_BYTES) return t`The image is larger than 5 MiB.`;
  if (file.type !== '' && !AVATAR_TYPES.includes(file.type)) {
    return t`Choose a PNG, JPEG, WebP, GIF or AVIF image.`;
  }
  return null;
}
