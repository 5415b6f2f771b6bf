import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { z } from 'zod';
import { BadUserInputError, InvalidPasskeyResponseError } from '../errors.js';

/** The most `responseJSON` may be: a response is a few KiB; an RSA key's attestation fits well within. */
const MAX_RESPONSE_JSON_LENGTH = 64 * 1024;

const base64url = z.string().regex(/^[A-Za-z0-9_-]*$/, 'must be base64url');

const common = {
  id: base64url.min(1),
  rawId: base64url.min(1),
  type: z.literal('public-key'),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};

const registrationResponse = z.looseObject({
  ...common,
  response: z.looseObject({
    clientDataJSON: base64url.min(1),
    attestationObject: base64url.min(1),
    transports: z.array(z.string()).optional(),
  }),
});

const authenticationResponse = z.looseObject({
  ...common,
  response: z.looseObject({
    clientDataJSON: base64url.min(1),
    authenticatorData: base64url.min(1),
    signature: base64url.min(1),
    userHandle: base64url.optional(),
  }),
});

/**
 * The browser's response as `@simplewebauthn/browser` sends it, read before
 * anything is looked up or consumed: text that is not JSON is BAD_USER_INPUT,
 * JSON that is not a WebAuthn response is INVALID_PASSKEY_RESPONSE. Either
 * way a client error with a message, never a 5xx (docs/passkeys.md).
 */
function parseResponse<T>(text: string, schema: z.ZodType): T {
  if (text.length > MAX_RESPONSE_JSON_LENGTH) {
    throw new BadUserInputError('responseJSON is too long to be a passkey response.');
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new BadUserInputError('responseJSON is not JSON.');
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new InvalidPasskeyResponseError(
      `responseJSON is not a WebAuthn response: ${issue?.path.join('.') || 'it'} ${issue?.message ?? 'is malformed'}.`,
    );
  }
  return parsed.data as T;
}

export const parseRegistrationResponse = (text: string) =>
  parseResponse<RegistrationResponseJSON>(text, registrationResponse);

export const parseAuthenticationResponse = (text: string) =>
  parseResponse<AuthenticationResponseJSON>(text, authenticationResponse);
