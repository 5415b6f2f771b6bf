import { z } from 'zod';
import { accessRule, allowlistEntry, describeRule } from './access-rule.js';
import { chainList, publicRpcUrl, rpcUrl } from './chain-list.js';
import { databaseUrl } from './database-url.js';
import { formatDuration } from './duration.js';
import { defineEnvironment, environmentVariable, variableFamily } from './environment-variable.js';
import { host } from './host.js';
import { jsonArrayOrFile } from './json-array-or-file.js';
import { oidcClient } from './oidc-client.js';
import { solanaClusterList } from './solana-cluster-list.js';
import { trustProxy } from './trust-proxy.js';
import { commaList, duration, firstMessage, origin, quoted, wholeNumber } from './value-schemas.js';
import { webhookEndpoint } from './webhook-endpoint.js';

/**
 * The longest each duration may be, in seconds. A session of more than a
 * year outlives any policy change; a nonce is the window in which a signed
 * message can still be used, and an hour is already far more than a wallet
 * takes to sign; a shutdown longer than ten minutes is one an orchestrator
 * has long since given up on; roles a day old are no longer what the
 * chains say. A device code is typed by a person who is looking at it: an
 * hour is already longer than anyone takes, and a longer one is a longer
 * window to guess in.
 */
export const DURATION_LIMITS = {
  SESSION_MAX_AGE: 365 * 86_400,
  SESSION_IDLE_TIMEOUT: 365 * 86_400,
  NONCE_TTL: 3_600,
  SHUTDOWN_TIMEOUT: 600,
  ROLES_TTL: 86_400,
  AUDIT_RETENTION: 10 * 365 * 86_400,
  REFUSED_SIGN_IN_RETENTION: 10 * 365 * 86_400,
  WEBHOOK_RETRY_DELAYS: 7 * 86_400,
  DEVICE_CODE_TTL: 3_600,
} as const;

/**
 * The largest MAX_SESSIONS_PER_ACCOUNT: the query cost prices a session list
 * at the cap, and the web app's account page lists them all, so a larger cap
 * would price that page over the limit (graphql/query-cost.test.ts).
 */
export const MAX_SESSIONS_PER_ACCOUNT_CEILING = 200;

const atMost = (name: keyof typeof DURATION_LIMITS) =>
  `at most ${formatDuration(DURATION_LIMITS[name])}`;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * Every variable Sigil reads, each once: what it accepts, its default and
 * what it means. docs/configuration.md is rendered from this, in this order.
 * A new variable is an entry here and its field in load-config.ts; then
 * `npm run docs:config`. When several are bad, the first in this order is
 * reported; the checks that span variables, RPC_URL_<chainId>'s included,
 * run once each variable is good.
 */
export const environmentVariables = {
  PORT: environmentVariable(wholeNumber(0, 65535), {
    default: '3000',
    meaning: 'the port the server listens on',
  }),
  HOST: environmentVariable(host, {
    default: '127.0.0.1',
    meaning:
      'the address the server listens on: an IP address or a hostname (`0.0.0.0` or `::` for every interface)',
  }),
  PUBLIC_URL: environmentVariable(origin(), {
    default: 'http://localhost:3000',
    meaning: 'the origin users open; the SIWE domain and URI derive from it',
  }),
  ALLOWED_ORIGINS: environmentVariable(commaList(origin(), { dropEmpty: true }), {
    meaning:
      'extra origins allowed to sign in, comma-separated (e.g. the Vite dev server, `http://localhost:5173`)',
  }),
  DATABASE_URL: environmentVariable(databaseUrl, {
    default: 'sqlite:./data/sigil.sqlite',
    meaning: '`sqlite:PATH` or `postgres://…`',
  }),
  REDIS_URL: environmentVariable(
    z.string().regex(/^rediss?:\/\//, 'must start with redis:// or rediss://'),
    {
      meaning:
        'a `redis://` or `rediss://` URL: enables Redis for pub/sub and rate limits across instances',
    },
  ),
  CHAINS: environmentVariable(chainList, {
    default: '1,8453,137,11155111',
    meaning: 'enabled chain ids, comma-separated; `31337` enables a local development chain',
  }),
  'RPC_URL_<chainId>': variableFamily({
    unset: "the chain's public RPC, see [Chains](#chains)",
    meaning:
      'the JSON-RPC endpoint (http or https) of an enabled chain, for the server only: it may carry credentials (a user and password, an API key in the path) and is never sent to a browser, which reads the chain through `/rpc/<chainId>` ([docs/operations.md](operations.md#the-json-rpc-route)) unless `PUBLIC_RPC_URL_<chainId>` is set; ignored for chains not in `CHAINS`',
  }),
  'PUBLIC_RPC_URL_<chainId>': variableFamily({
    unset: "none: the browser reads the chain through Sigil's `/rpc/<chainId>`",
    meaning:
      'a JSON-RPC endpoint (http or https, no user or password) the browser may use directly for an enabled chain, given to every visitor as it is: never one with a secret in it; ignored for chains not in `CHAINS`',
  }),
  RPC_CALLS_PER_MINUTE: environmentVariable(wholeNumber(1, 1_000_000), {
    default: '600',
    meaning:
      "JSON-RPC calls one client address may send through Sigil's `/rpc/<chainId>` per minute (each call of a batch counted); beyond it the route answers 429 with `Retry-After`",
  }),
  SOLANA_CLUSTERS: environmentVariable(
    solanaClusterList,
    {
      default: 'mainnet',
      meaning:
        'the Solana clusters a Solana wallet may sign in on ([docs/sign-in.md](sign-in.md#solana)), comma-separated: `mainnet`, `devnet`, `testnet`; empty (`SOLANA_CLUSTERS=`) turns Solana sign-in off',
    },
    { blankIsAValue: true },
  ),
  WALLETCONNECT_PROJECT_ID: environmentVariable(
    z.string().regex(/^[A-Za-z0-9]{8,64}$/, 'must be the alphanumeric id from WalletConnect Cloud'),
    {
      meaning:
        'the project id from WalletConnect Cloud: enables QR-code, mobile and Ledger Live wallets',
    },
  ),
  SESSION_MAX_AGE: environmentVariable(duration(DURATION_LIMITS.SESSION_MAX_AGE), {
    default: '30d',
    meaning: `how long a session lasts after sign-in, ${atMost('SESSION_MAX_AGE')}`,
  }),
  SESSION_IDLE_TIMEOUT: environmentVariable(duration(DURATION_LIMITS.SESSION_IDLE_TIMEOUT), {
    default: '7d',
    meaning: `how long a session lasts unused, no longer than \`SESSION_MAX_AGE\` (${atMost('SESSION_IDLE_TIMEOUT')})`,
  }),
  NONCE_TTL: environmentVariable(duration(DURATION_LIMITS.NONCE_TTL), {
    default: '10m',
    meaning: `how long a nonce stays usable: the time to sign the message and send it, ${atMost('NONCE_TTL')}`,
  }),
  RATE_LIMIT_PER_MINUTE: environmentVariable(wholeNumber(1, 1_000_000), {
    default: '60',
    meaning:
      'attempts per client address per minute of each of `createNonce`, `signIn`, `linkWallet`, `setAvatar`, `refreshAccess` and websocket upgrades, each counted on its own',
  }),
  CHAIN_CHECKS_PER_MINUTE: environmentVariable(wholeNumber(1, 1_000_000), {
    default: '10',
    meaning:
      'contract-wallet checks (EIP-1271/6492 requests to a chain) that the sign-ins and links of one client address may cause per minute; beyond it they are refused with `RATE_LIMITED` before the chain is asked. An EOA sign-in never counts',
  }),
  TRUST_PROXY: environmentVariable(trustProxy, {
    unset: 'off',
    meaning:
      'a hop count (1 to 100), or addresses/CIDRs of trusted proxies, comma-separated: only then is `X-Forwarded-For` believed',
  }),
  SHUTDOWN_TIMEOUT: environmentVariable(duration(DURATION_LIMITS.SHUTDOWN_TIMEOUT), {
    default: '10s',
    meaning: `how long a graceful shutdown may take, ${atMost('SHUTDOWN_TIMEOUT')}`,
  }),
  METRICS_PORT: environmentVariable(wholeNumber(1, 65535), {
    unset: 'off',
    meaning: 'serve Prometheus metrics on this port, on a listener of its own',
  }),
  IMAGE_CACHE_DIR: environmentVariable(z.string().min(1), {
    default: './data/image-cache',
    meaning: 'where resized profile images are cached',
  }),
  IMAGE_CACHE_MAX_MB: environmentVariable(wholeNumber(1, 1_048_576), {
    default: '512',
    meaning:
      "the image cache's bound in MiB; beyond it, the least recently used images are dropped",
  }),
  IMAGE_RENDERS_PER_MINUTE: environmentVariable(wholeNumber(1, 1_000_000), {
    default: '30',
    meaning:
      'image variants not yet in the cache that one client address may have rendered per minute; cached variants are not counted',
  }),
  LOG_LEVEL: environmentVariable(
    z.enum(LOG_LEVELS, {
      error: (issue) => `${quoted(issue)} is not one of ${LOG_LEVELS.join(', ')}`,
    }),
    { default: 'info', meaning: `the pino log level: ${LOG_LEVELS.join(', ')}` },
  ),
  OIDC_CLIENTS: environmentVariable(
    jsonArrayOrFile(oidcClient, { items: 'clients', max: 100, uniqueBy: 'client_id' }),
    {
      meaning:
        'OpenID Connect clients: a JSON array, or the path of a JSON file; none: no provider routes at all',
    },
  ),
  DEVICE_CODE_TTL: environmentVariable(duration(DURATION_LIMITS.DEVICE_CODE_TTL), {
    default: '10m',
    meaning: `how long a device login's code (docs/oidc.md, "Device login") can be approved, ${atMost('DEVICE_CODE_TTL')}`,
  }),
  ACCESS_RULES: environmentVariable(
    jsonArrayOrFile(accessRule, {
      items: 'rules',
      max: 100,
      uniqueBy: 'role',
      describeItem: describeRule,
    }),
    {
      meaning:
        'access rules: roles granted by what the account holds on chain ([docs/access.md](access.md)); a JSON array, or the path of a JSON file',
    },
  ),
  ROLES_TTL: environmentVariable(duration(DURATION_LIMITS.ROLES_TTL), {
    default: '5m',
    meaning: `how old a rules check may be before a read of roles checks the chains again, ${atMost('ROLES_TTL')}`,
  }),
  ADMIN_ADDRESSES: environmentVariable(commaList(allowlistEntry, { dropEmpty: true }), {
    meaning:
      'administrators ([docs/administration.md](administration.md)), comma-separated, read as an allowlist reads its entries: an address names that EOA; `eip155:<chainId>:<address>` names the contract wallet on that chain and the EOA with that address; a base58 Solana address names that Solana key; an account holding one of these wallets holds `admin`',
  }),
  AUDIT_RETENTION: environmentVariable(duration(DURATION_LIMITS.AUDIT_RETENTION), {
    default: '365d',
    meaning: `audit events older than this are deleted by housekeeping, ${atMost('AUDIT_RETENTION')}`,
  }),
  REFUSED_SIGN_IN_RETENTION: environmentVariable(
    duration(DURATION_LIMITS.REFUSED_SIGN_IN_RETENTION),
    {
      default: '30d',
      meaning: `records of refused sign-ins (\`sign_in_refused\` audit events) older than this are deleted by housekeeping, ${atMost('REFUSED_SIGN_IN_RETENTION')}; a shorter AUDIT_RETENTION deletes them sooner`,
    },
  ),
  WEBHOOKS: environmentVariable(
    jsonArrayOrFile(webhookEndpoint, { items: 'endpoints', max: 50, uniqueBy: 'id' }),
    {
      meaning:
        'webhook endpoints ([docs/webhooks.md](webhooks.md)): a JSON array of `{ id, url, secret, events }`, or the path of a JSON file',
    },
  ),
  WEBHOOK_RETRY_DELAYS: environmentVariable(
    commaList(duration(DURATION_LIMITS.WEBHOOK_RETRY_DELAYS)).pipe(
      z.array(z.number()).min(1).max(20, 'at most 20 retries'),
    ),
    {
      default: '5s,5m,30m,2h,5h,10h,10h',
      meaning: `the waits between a webhook message's attempts, comma-separated, each ${atMost('WEBHOOK_RETRY_DELAYS')}; after the last, the delivery is FAILED`,
    },
  ),
  MAX_WALLETS_PER_ACCOUNT: environmentVariable(wholeNumber(1, 1000), {
    default: '20',
    meaning:
      'how many wallets one account may hold; a link beyond it is `WALLET_LIMIT_REACHED`. Each public wallet shows its proof (up to 32 KiB), so this bounds a public profile',
  }),
  MAX_SESSIONS_PER_ACCOUNT: environmentVariable(wholeNumber(1, MAX_SESSIONS_PER_ACCOUNT_CEILING), {
    default: '50',
    meaning:
      'how many live sessions one account may hold, at most 200; a sign-in beyond it ends the oldest (audited as `session_revoked` with `reason: session_limit`). The query cost prices `Account.sessions` at this many',
  }),
  PASSKEY_RP_ID: environmentVariable(
    z
      .string()
      .regex(
        /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/,
        'must be a lower-case domain name (e.g. example.com)',
      ),
    {
      unset: "`PUBLIC_URL`'s host",
      meaning:
        "the WebAuthn relying party id passkeys are bound to ([docs/passkeys.md](passkeys.md)): `PUBLIC_URL`'s host or a parent domain of it, to let passkeys work on the domain's other sites too. Changing it later makes every passkey already added unusable",
    },
  ),
  MAX_PASSKEYS_PER_ACCOUNT: environmentVariable(wholeNumber(1, 100), {
    default: '10',
    meaning:
      'how many passkeys one account may hold, at most 100; adding one beyond it is `PASSKEY_LIMIT_REACHED`',
  }),
  MAX_ANONYMOUS_RESPONSE_BYTES: environmentVariable(wholeNumber(1024, 64 * 1024 * 1024), {
    default: String(1024 * 1024),
    meaning:
      'the largest GraphQL answer sent to a request without a session; a larger one is refused with `RESPONSE_TOO_LARGE` (a backstop: the query-cost limit keeps answers well below it)',
  }),
  NODE_ENV: environmentVariable(z.string(), {
    meaning: '`development` serves GraphiQL and allows introspection',
  }),
};

/** The environment, read: each variable checked, then the checks that span several. */
export const environmentSchema = defineEnvironment(environmentVariables).superRefine(
  (env, context) => {
    if (env.SESSION_IDLE_TIMEOUT > env.SESSION_MAX_AGE) {
      context.addIssue({
        code: 'custom',
        path: ['SESSION_IDLE_TIMEOUT'],
        message: 'must not be longer than SESSION_MAX_AGE',
      });
    }
    // WebAuthn binds a passkey to the page's host or a parent domain of it, nothing else.
    const host = env.PUBLIC_URL.hostname;
    if (
      env.PASSKEY_RP_ID !== undefined &&
      host !== env.PASSKEY_RP_ID &&
      !host.endsWith(`.${env.PASSKEY_RP_ID}`)
    ) {
      context.addIssue({
        code: 'custom',
        path: ['PASSKEY_RP_ID'],
        message: `must be PUBLIC_URL's host (${host}) or a parent domain of it`,
      });
    }
    if (env.METRICS_PORT !== undefined && env.METRICS_PORT === env.PORT) {
      context.addIssue({
        code: 'custom',
        path: ['METRICS_PORT'],
        message: `${env.METRICS_PORT} is PORT too: metrics need a listener of their own`,
      });
    }
    // A rule may only read chains this server reads.
    const enabled = new Set(env.CHAINS.map(({ id }) => id));
    for (const [index, rule] of (env.ACCESS_RULES ?? []).entries()) {
      for (const [position, requirement] of rule.requirements.entries()) {
        if (!('chainId' in requirement) || enabled.has(requirement.chainId)) continue;
        context.addIssue({
          code: 'custom',
          path: ['ACCESS_RULES'],
          message: `${describeRule(rule, index)} ${rule.logic.toLowerCase()}.${position}.chainId ${requirement.chainId} is not enabled in CHAINS`,
        });
      }
    }
    // RPC_URL_<id> and PUBLIC_RPC_URL_<id> are checked for the enabled chains only: a leftover one of
    // a chain taken out of CHAINS does not stop the start.
    for (const { id } of env.CHAINS) {
      for (const [family, schema] of [
        ['RPC_URL_', rpcUrl],
        ['PUBLIC_RPC_URL_', publicRpcUrl],
      ] as const) {
        const value = env[`${family}<chainId>`][id];
        if (value === undefined) continue;
        const parsed = schema.safeParse(value);
        if (!parsed.success) {
          context.addIssue({
            code: 'custom',
            path: [`${family}${id}`],
            message: firstMessage(parsed.error),
          });
        }
      }
    }
  },
);

export type Environment = z.output<typeof environmentSchema>;
