import { z } from 'zod';

const redirectUri = z
  .string()
  .max(2000)
  .refine((text) => {
    try {
      const url = new URL(text);
      return !url.hash && url.protocol !== 'javascript:' && url.protocol !== 'data:';
    } catch {
      return false;
    }
  }, 'is not an absolute URI without a fragment');

/** The OAuth 2.0 Device Authorization Grant's grant type (RFC 8628, docs/oidc.md "Device login"). */
export const DEVICE_CODE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

/** The grants a client may list; without `grant_types`, the first two (a web app). */
const GRANT_TYPES = ['authorization_code', 'refresh_token', DEVICE_CODE_GRANT] as const;

/** One relying party of Sigil's OpenID Connect provider, as `OIDC_CLIENTS` lists it. */
export const oidcClient = z
  .strictObject({
    client_id: z.string().regex(/^[A-Za-z0-9._~-]{1,100}$/, 'must be 1 to 100 URL-safe characters'),
    /** Absent: a public client (token_endpoint_auth_method none), which must use PKCE. */
    client_secret: z.string().min(32, 'must be at least 32 characters').max(512).optional(),
    /** Needed by the authorization code grant only: a device client sends nobody back. */
    redirect_uris: z.array(redirectUri).min(1).max(20).optional(),
    client_name: z.string().trim().min(1).max(100),
    post_logout_redirect_uris: z.array(redirectUri).max(20).optional(),
    grant_types: z
      .array(z.enum(GRANT_TYPES))
      .min(1)
      .max(GRANT_TYPES.length)
      .default(['authorization_code', 'refresh_token']),
  })
  .refine((client) => !client.grant_types.includes('authorization_code') || client.redirect_uris, {
    message: 'are required for the authorization_code grant',
    path: ['redirect_uris'],
  });

export type OidcClientConfig = z.output<typeof oidcClient>;
