/**
 * The JSON of GET /oidc/interaction/<uid>/details: what the web app's OIDC
 * interaction page shows. The REST counterpart of schema.graphql beside it,
 * one type for the server that answers (server/src/oidc/interaction-routes.ts)
 * and the page that reads it (web/src/pages/oidc/interaction-api.ts), both
 * importing it as `@sigil/schema/interaction-details`. A declaration file: it
 * holds types only, so it is never compiled into either build.
 */
export type InteractionDetails = {
  uid: string;
  client: { clientId: string; name: string; redirectHost: string };
  /** The scopes asked for that Sigil offers, `openid` first. */
  scopes: string[];
  /** The claims those scopes release. */
  claims: string[];
  signedIn: boolean;
  /** The account already granted this client every scope asked for. */
  remembered: boolean;
};
