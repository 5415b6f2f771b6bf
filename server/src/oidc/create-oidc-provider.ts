import Provider, {
  type ClientMetadata,
  type Configuration,
  interactionPolicy,
} from 'oidc-provider';
import type { OidcClientConfig } from '../config/oidc-client.js';
import type { Services } from '../services.js';
import { type ResolveSessionServices, resolveSession } from '../sessions/resolve-session.js';
import { claimsForScope, findAccountClaims, SCOPE_CLAIMS } from './account-claims.js';
import { deleteConnectionOfGrant, findConnection, touchConnection } from './connected-app-store.js';
import { deviceFlowAnswers } from './device/device-flow-answers.js';
import type { DevicePollPace } from './device/device-poll-pace.js';
import { USER_CODE_MASK } from './device/user-code.js';
import { renderErrorPage } from './error-page.js';
import { cookiesOf } from './koa-request-cookies.js';
import { KyselyOidcAdapter } from './kysely-oidc-adapter.js';
import { logoutSource, postLogoutSuccessSource } from './logout-pages.js';
import { loadOrCreateOidcKeys } from './oidc-keys.js';
import { interactionPagePath, OIDC_MOUNT_PATH } from './oidc-paths.js';
import * as ttl from './token-lifetimes.js';

/** What the provider reads of the services: its adapter, the claims, the login policy. */
export type OidcProviderServices = Pick<Services, 'access' | 'clock' | 'config' | 'db' | 'logger'>;

export function issuerFor(services: Pick<Services, 'config'>): string {
  return `${services.config.publicUrl.origin}${OIDC_MOUNT_PATH}`;
}

/**
 * OIDC_CLIENTS as oidc-provider metadata: without a secret, a public client
 * (that must use PKCE for the authorization code). A client allowed only the
 * device grant has no redirect and no response type.
 */
export function clientMetadata(client: OidcClientConfig): ClientMetadata {
  const webApp = client.grant_types.includes('authorization_code');
  return {
    client_id: client.client_id,
    client_name: client.client_name,
    redirect_uris: client.redirect_uris ?? [],
    post_logout_redirect_uris: client.post_logout_redirect_uris ?? [],
    grant_types: client.grant_types,
    response_types: webApp ? ['code'] : [],
    ...(client.client_secret
      ? { client_secret: client.client_secret, token_endpoint_auth_method: 'client_secret_basic' }
      : { token_endpoint_auth_method: 'none' }),
  };
}

/**
 * The provider's login prompt also asks again when Sigil's own session has
 * ended or belongs to someone else: signing out of Sigil (or revoking the
 * session) signs the person out of every app's next authorization too.
 */
function loginFollowsSigilSession(services: ResolveSessionServices) {
  const policy = interactionPolicy.base();
  policy.get('login')?.checks.add(
    new interactionPolicy.Check(
      'sigil_session_required',
      'the Sigil session has ended or belongs to another account',
      async (ctx) => {
        const { session } = await resolveSession(services, cookiesOf(ctx.req));
        return session?.account_id === ctx.oidc.session?.accountId
          ? interactionPolicy.Check.NO_NEED_TO_PROMPT
          : interactionPolicy.Check.REQUEST_PROMPT;
      },
    ),
  );
  return policy;
}

/**
 * oidc-provider configured for Sigil: clients from OIDC_CLIENTS, every model
 * in Sigil's database, keys from the database (generated at first start),
 * interactions in the web app. PKCE keeps oidc-provider's default: required
 * for public clients, S256 only.
 */
export async function createOidcProvider(
  services: OidcProviderServices,
  { devicePollPace }: { devicePollPace: DevicePollPace },
): Promise<Provider> {
  const { config, db, logger } = services;
  const keys = await loadOrCreateOidcKeys(db);
  const configuration: Configuration = {
    adapter: (name: string) => new KyselyOidcAdapter(db, name),
    clients: config.oidcClients.map(clientMetadata),
    jwks: { keys: keys.signing },
    cookies: {
      keys: keys.cookie,
      long: { signed: true, httpOnly: true, sameSite: 'lax' },
      short: { signed: true, httpOnly: true, sameSite: 'lax' },
    },
    findAccount: async (_ctx, sub) => {
      const claims = await findAccountClaims(services, sub);
      return (
        claims && {
          accountId: sub,
          claims: (_use, scope) => claimsForScope(services, claims, scope),
        }
      );
    },
    claims: {
      ...Object.fromEntries(Object.entries(SCOPE_CLAIMS).map(([k, v]) => [k, [...v]])),
      // How the person signed in (oidc/amr-of-session.ts), in every ID token: the
      // provider takes it from the login, never from the account, so userinfo has none.
      openid: [...SCOPE_CLAIMS.openid, 'amr'],
    },
    scopes: [
      'openid',
      'offline_access',
      ...Object.keys(SCOPE_CLAIMS).filter((s) => s !== 'openid'),
    ],
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      introspection: { enabled: true },
      rpInitiatedLogout: { enabled: true, logoutSource, postLogoutSuccessSource },
      userinfo: { enabled: true },
      // Device login (docs/oidc.md): the person answers on Sigil's own page
      // (web app `/device`), never the provider's, which serve-oidc.ts sends there.
      deviceFlow: { enabled: true, charset: 'base-20', mask: USER_CODE_MASK },
    },
    interactions: {
      policy: loginFollowsSigilSession(services),
      url: (_ctx, interaction) => interactionPagePath(interaction.uid),
    },
    // Consent is remembered per account and client in Sigil's own table, so a
    // new browser (a new provider session) does not ask again for what was granted.
    loadExistingGrant: async (ctx) => {
      const accountId = ctx.oidc.session?.accountId;
      const clientId = ctx.oidc.client?.clientId;
      const resultGrant = ctx.oidc.result?.consent?.grantId;
      if (resultGrant) return ctx.oidc.provider.Grant.find(resultGrant);
      if (!accountId || !clientId) return undefined;
      const connection = await findConnection(db, { accountId, clientId });
      if (!connection) return undefined;
      const grant = await ctx.oidc.provider.Grant.find(connection.grant_id);
      return grant?.accountId === accountId ? grant : undefined;
    },
    ttl: {
      AccessToken: ttl.ACCESS_TOKEN_TTL_SECONDS,
      AuthorizationCode: ttl.AUTHORIZATION_CODE_TTL_SECONDS,
      IdToken: ttl.ID_TOKEN_TTL_SECONDS,
      RefreshToken: ttl.REFRESH_TOKEN_TTL_SECONDS,
      Grant: ttl.GRANT_TTL_SECONDS,
      Interaction: ttl.INTERACTION_TTL_SECONDS,
      Session: ttl.SESSION_TTL_SECONDS,
      DeviceCode: config.deviceCodeTtlSeconds,
    },
    // Browser-based public clients exchange codes from their own origin.
    clientBasedCORS: (_ctx, origin, client) =>
      (client.redirectUris ?? []).some((uri) => new URL(uri).origin === origin),
    renderError: renderErrorPage,
  };
  const provider = new Provider(issuerFor(services), configuration);
  // serve-oidc.ts sets the forwarded host and scheme from PUBLIC_URL on every request.
  provider.proxy = true;
  provider.use(deviceFlowAnswers(config.publicUrl, devicePollPace));

  provider.on('access_token.saved', (token) => {
    if (!token.grantId) return;
    touchConnection(db, { grantId: token.grantId, now: services.clock() }).catch((error) =>
      logger.warn({ err: error }, 'could not record a connected app as used'),
    );
  });
  provider.on('grant.revoked', (_ctx, grantId: string) => {
    deleteConnectionOfGrant(db, grantId).catch((error) =>
      logger.warn({ err: error }, 'could not forget a revoked connected app'),
    );
  });
  provider.on('server_error', (_ctx, error) => logger.error({ err: error }, 'oidc provider error'));
  return provider;
}
