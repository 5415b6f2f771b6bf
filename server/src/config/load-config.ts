import { ConfigError } from './config-error.js';
import { type Environment, environmentSchema } from './environment-schema.js';

/**
 * The one reader of the environment; everything else receives a typed
 * Config. A bad value throws a ConfigError naming the variable and what is
 * wrong: the first problem only, so the refusal is one line.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(
      String(issue?.path[0] ?? 'environment'),
      issue?.message ?? 'is not valid',
    );
  }
  return configFrom(parsed.data);
}

/** The variables as the server uses them: named for their use, in its units (seconds, bytes). */
function configFrom(env: Environment) {
  const publicUrl = env.PUBLIC_URL;
  const extraOrigins = (env.ALLOWED_ORIGINS ?? []).map((url) => url.origin);
  return {
    port: env.PORT,
    host: env.HOST,
    publicUrl,
    /** Every origin allowed to sign in and open websockets: PUBLIC_URL's first. */
    allowedOrigins: [...new Set([publicUrl.origin, ...extraOrigins])],
    database: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    chains: env.CHAINS.map((chain) => ({
      id: chain.id,
      name: chain.name,
      nativeCurrency: chain.nativeCurrency,
      /** The server's JSON-RPC endpoint (EIP-1271/6492 checks, access rules, /rpc): never sent to a browser. */
      rpcUrl: env['RPC_URL_<chainId>'][chain.id] ?? chain.defaultRpcUrl,
      /**
       * What the browser reads the chain through: PUBLIC_RPC_URL_<id>, or
       * Sigil's own read-only route (rpc/serve-rpc.ts), never rpcUrl.
       */
      browserRpcUrl:
        env['PUBLIC_RPC_URL_<chainId>'][chain.id] ?? `${publicUrl.origin}/rpc/${chain.id}`,
      testnet: chain.testnet,
    })),
    /** The Solana clusters a Solana wallet may sign in on (CAIP-2 ids); none: Solana sign-in is off. */
    solanaClusters: env.SOLANA_CLUSTERS,
    walletConnectProjectId: env.WALLETCONNECT_PROJECT_ID,
    sessionMaxAgeSeconds: env.SESSION_MAX_AGE,
    sessionIdleTimeoutSeconds: env.SESSION_IDLE_TIMEOUT,
    nonceTtlSeconds: env.NONCE_TTL,
    rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE,
    /** Contract-wallet checks that one client's sign-ins and links may cause per minute (docs/sign-in.md). */
    chainChecksPerMinute: env.CHAIN_CHECKS_PER_MINUTE,
    /** JSON-RPC calls one client may send through /rpc/<id> per minute (http/rpc-route.ts). */
    rpcCallsPerMinute: env.RPC_CALLS_PER_MINUTE,
    /**
     * Which peers may say who the client is (X-Forwarded-For, x-request-id):
     * none (false), the nearest N hops, or these addresses and CIDR ranges.
     */
    trustProxy: env.TRUST_PROXY ?? (false as const),
    /** How long a graceful shutdown may take before the process gives up. */
    shutdownTimeoutSeconds: env.SHUTDOWN_TIMEOUT,
    /** The port of the Prometheus metrics listener; undefined: no metrics served. */
    metricsPort: env.METRICS_PORT,
    logLevel: env.LOG_LEVEL,
    /** GraphiQL and introspection are served only in development. */
    development: env.NODE_ENV === 'development',
    appName: 'Sigil',
    /** Where resized image variants are cached, and the cache's bound in bytes (LRU beyond it). */
    imageCache: { dir: env.IMAGE_CACHE_DIR, maxBytes: env.IMAGE_CACHE_MAX_MB * 1024 * 1024 },
    /** Uncached image variants rendered per client address per minute (docs/profiles.md). */
    imageRendersPerMinute: env.IMAGE_RENDERS_PER_MINUTE,
    /** OpenID Connect clients; none means no provider routes at all. */
    oidcClients: env.OIDC_CLIENTS ?? [],
    /** How long a device login's user code can be approved (RFC 8628's `expires_in`). */
    deviceCodeTtlSeconds: env.DEVICE_CODE_TTL,
    /** Access rules (docs/access.md), in the order written; none: every account's rule roles are empty. */
    accessRules: env.ACCESS_RULES ?? [],
    /** How old a rules check may be before a read of roles checks the chains again. */
    rolesTtlSeconds: env.ROLES_TTL,
    /**
     * The wallets whose account holds `admin` (docs/administration.md):
     * checksummed addresses, `eip155:<chainId>:<address>` entries and Solana
     * identities (`solana:5eykt…:<base58>`), read as
     * an allowlist reads them (accounts/listed-wallet-identities.ts).
     */
    adminWallets: env.ADMIN_ADDRESSES ?? [],
    /** Audit events older than this are deleted by housekeeping. */
    auditRetentionSeconds: env.AUDIT_RETENTION,
    /** Refused sign-ins' audit events (`sign_in_refused`) older than this are deleted by housekeeping. */
    refusedSignInRetentionSeconds: env.REFUSED_SIGN_IN_RETENTION,
    /** Webhook endpoints (docs/webhooks.md); none: no messages are stored or sent. */
    webhooks: env.WEBHOOKS ?? [],
    /** The waits between a message's attempts, in seconds; after the last, FAILED. */
    webhookRetryDelaysSeconds: env.WEBHOOK_RETRY_DELAYS,
    /** How many wallets one account may hold (docs/wallets.md); the cost limit's bound of wallet lists. */
    maxWalletsPerAccount: env.MAX_WALLETS_PER_ACCOUNT,
    /** How many live sessions one account may hold (docs/sign-in.md); the cost limit's bound of session lists. */
    maxSessionsPerAccount: env.MAX_SESSIONS_PER_ACCOUNT,
    /** The largest GraphQL answer, in bytes, sent to a request without a session (graphql/graphql-route.ts). */
    maxAnonymousResponseBytes: env.MAX_ANONYMOUS_RESPONSE_BYTES,
    /** The passkeys' relying party (docs/passkeys.md): its id, and the one origin a ceremony may come from. */
    passkeys: {
      rpId: env.PASSKEY_RP_ID ?? publicUrl.hostname,
      origin: publicUrl.origin,
      maxPerAccount: env.MAX_PASSKEYS_PER_ACCOUNT,
    },
  };
}

export type Config = ReturnType<typeof configFrom>;
export type ChainConfig = Config['chains'][number];
