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

/** One relying party of Sigil's OpenID Connect provider, as `OIDC_CLIENTS` lists it. */
export const oidcClient = z.strictObject({
  client_id: z.string().regex(/^[A-Za-z0-9._~-]{1,100}$/, 'must be 1 to 100 URL-safe characters'),
  /** Absent: a public client (token_endpoint_auth_method none), which must use PKCE. */
  client_secret: z.string().min(32, 'must be at least 32 characters').max(512).optional(),
  redirect_uris: z.array(redirectUri).min(1).max(20),
  client_name: z.string().trim().min(1).max(100),
  post_logout_redirect_uris: z.array(redirectUri).max(20).optional(),
});

export type OidcClientConfig = z.output<typeof oidcClient>;
