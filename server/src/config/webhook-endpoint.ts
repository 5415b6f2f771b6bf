import { z } from 'zod';

// One webhook endpoint, as WEBHOOKS lists it (docs/webhooks.md). Every fault
// is one message; json-array-or-file.ts prefixes it with the endpoint and the field.

/** Every message type Sigil sends, in the order docs/webhooks.md lists them. */
export const WEBHOOK_EVENT_TYPES = [
  'account.created',
  'session.created',
  'session.ended',
  'wallet.linked',
  'wallet.unlinked',
  'app.authorized',
  'app.revoked',
  'roles.changed',
  'account.suspended',
  'account.unsuspended',
  'passkey.added',
  'passkey.removed',
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/**
 * `whsec_` and the base64 of 24 to 64 random bytes: the Standard Webhooks
 * form, which every receiver's library reads as it is.
 */
const secret = z
  .string({ error: 'must be a string: whsec_ and base64' })
  .refine((text) => text.startsWith('whsec_'), 'must start with whsec_')
  .refine((text) => {
    const base64 = text.slice('whsec_'.length);
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) return false;
    const bytes = Buffer.from(base64, 'base64').length;
    return bytes >= 24 && bytes <= 64;
  }, 'must be whsec_ and the base64 of 24 to 64 bytes (e.g. whsec_ and `openssl rand -base64 32`)');

const url = z.string({ error: 'must be an http or https URL' }).transform((text, context) => {
  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    context.addIssue(`"${text}" is not a URL`);
    return z.NEVER;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    context.addIssue(`"${text}" must use http or https`);
    return z.NEVER;
  }
  if (parsed.username || parsed.password) {
    context.addIssue('must not carry a user name or password (the signature authenticates)');
    return z.NEVER;
  }
  return parsed;
});

export const webhookEndpoint = z.strictObject({
  id: z
    .string({ error: 'must be a string' })
    .regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, 'must be 1 to 64 of a-z, 0-9, - and _'),
  url,
  secret,
  events: z
    .array(
      z.enum(WEBHOOK_EVENT_TYPES, {
        error: (issue) =>
          `"${String(issue.input)}" is not a webhook event type (${WEBHOOK_EVENT_TYPES.join(', ')})`,
      }),
    )
    .min(1, 'must list at least one event type, or be left out for every type')
    .optional()
    .transform((events) => new Set<WebhookEventType>(events ?? WEBHOOK_EVENT_TYPES)),
});

export type WebhookEndpoint = z.output<typeof webhookEndpoint>;
