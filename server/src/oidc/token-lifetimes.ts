/** How long what the provider issues lives, in seconds: ID and access tokens short, grants long. */
export const ID_TOKEN_TTL_SECONDS = 3600;
export const ACCESS_TOKEN_TTL_SECONDS = 3600;
export const AUTHORIZATION_CODE_TTL_SECONDS = 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 86_400;
export const GRANT_TTL_SECONDS = 365 * 86_400;
export const INTERACTION_TTL_SECONDS = 3600;
export const SESSION_TTL_SECONDS = 30 * 86_400;
