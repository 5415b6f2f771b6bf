/** The OpenID Connect module's tables (migration 0005-oidc). Times are epoch milliseconds. */
export type OidcModelsTable = {
  /** oidc-provider's model name: Session, Interaction, AuthorizationCode, Grant, AccessToken, … */
  kind: string;
  id: string;
  /** The model's payload as oidc-provider gave it, JSON. */
  payload: string;
  grant_id: string | null;
  uid: string | null;
  user_code: string | null;
  /** Null: never expires (oidc-provider gives every model a lifetime). */
  expires_at: number | null;
  consumed_at: number | null;
};

export type OidcKeysTable = {
  /** 'signing' (a private JWK) or 'cookie' (a random secret). */
  kind: string;
  /** 0 at first start, +1 per rotation; unique per kind. */
  generation: number;
  material: string;
  created_at: number;
  /** Set when a newer key took over; still published until its tokens have expired. */
  retired_at: number | null;
};

export type OidcConnectionsTable = {
  account_id: string;
  client_id: string;
  grant_id: string;
  /** Space-separated, as OAuth writes scopes. */
  scopes: string;
  granted_at: number;
  last_used_at: number | null;
};

// This module's tables join the one Database type (docs/architecture.md, "How to add a module").
declare module '../store/database.js' {
  interface Database {
    oidc_models: OidcModelsTable;
    oidc_keys: OidcKeysTable;
    oidc_connections: OidcConnectionsTable;
  }
}
