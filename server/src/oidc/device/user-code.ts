/**
 * The code a device shows (RFC 8628 §6.1): 8 characters of 20 consonants
 * without vowels (no words, nothing to misread), shown as `WDJB-MJHT`. The
 * provider generates it with these settings; Sigil's page reads it back.
 */
export const USER_CODE_CHARSET = 'BCDFGHJKLMNPQRSTVWXZ';
export const USER_CODE_MASK = '****-****';
const USER_CODE = new RegExp(`^[${USER_CODE_CHARSET}]{8}$`);

/**
 * The stored form of what a person typed, without regard to case, dashes or
 * spaces (as oidc-provider's own `normalize`); undefined when it cannot be a
 * code at all, which counts as a wrong code without a database read.
 */
export function normalizeUserCode(typed: string): string | undefined {
  if (typed.length > 64) return undefined;
  const normalized = typed.toUpperCase().replace(/[\s-]/g, '');
  return USER_CODE.test(normalized) ? normalized : undefined;
}

/** `WDJBMJHT` as the device shows it: `WDJB-MJHT`. */
export function formatUserCode(normalized: string): string {
  return `${normalized.slice(0, 4)}-${normalized.slice(4)}`;
}
