/**
 * What the web app's interaction page shows (GET /oidc/interaction/<uid>/details).
 * One type for the server that answers and the page that reads it (the web app
 * imports it as a type only).
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
