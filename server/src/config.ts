import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import { knownChains } from './chains.js';
import {
  commaList,
  duration,
  firstMessage,
  origin,
  quoted,
  variable,
  wholeNumber,
} from './config/value-schemas.js';

export { parseDuration } from './config/duration.js';

/**
 * The one reader of the environment. Everything else receives a typed Config.
 * One zod schema describes every variable (DESIGN §5); a bad value stops the
 * start with one line naming the variable and what is wrong (ConfigError).
 */
export type ChainConfig = {
  id: number;
  name: string;
  nativeCurrency: { name: string; symbol: string; decimals: number };
  /** JSON-RPC endpoint for server (EIP-1271/6492 checks) and browser. */
  rpcUrl: string;
  testnet: boolean;
};

export type Config = {
  port: number;
  host: string;
  publicUrl: URL;
  /** Every origin allowed to sign in and open websockets: PUBLIC_URL's first. */
  allowedOrigins: string[];
  database: { kind: 'sqlite'; path: string } | { kind: 'postgres'; url: string };
  redisUrl: string | undefined;
  chains: ChainConfig[];
  walletConnectProjectId: string | undefined;
  sessionMaxAgeSeconds: number;
  sessionIdleTimeoutSeconds: number;
  nonceTtlSeconds: number;
  rateLimitPerMinute: number;
  /**
   * Which peers may say who the client is (X-Forwarded-For, x-request-id):
   * none (false), the nearest N hops, or these addresses and CIDR ranges.
   */
  trustProxy: false | number | string[];
  /** How long a graceful shutdown may take before the process gives up. */
  shutdownTimeoutSeconds: number;
  /** The port of the Prometheus metrics listener; undefined: no metrics served. */
  metricsPort: number | undefined;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** GraphiQL and introspection are served only in development. */
  development: boolean;
  appName: string;
  /** Where resized image variants are cached, and the cache's bound in bytes (LRU beyond it). */
  imageCache: { dir: string; maxBytes: number };
  /** OpenID Connect clients (OIDC_CLIENTS); none means no provider routes at all. */
  oidcClients: OidcClientConfig[];
};

/** One relying party of Sigil's OpenID Connect provider. */
export type OidcClientConfig = {
  client_id: string;
  /** Absent: a public client (token_endpoint_auth_method none), which must use PKCE. */
  client_secret?: string | undefined;
  redirect_uris: string[];
  client_name: string;
  post_logout_redirect_uris?: string[] | undefined;
};

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`${variable}: ${problem}`);
    this.name = 'ConfigError';
  }
}

/**
 * The longest each duration may be, in seconds. A session of more than a
 * year outlives any policy change; a nonce is the window in
 * which a signed message can still be used, and an hour is already far more
 * than a wallet takes to sign; a shutdown longer than ten minutes is one an
 * orchestrator has long since given up on.
 */
export const DURATION_LIMITS = {
  SESSION_MAX_AGE: 365 * 86_400,
  SESSION_IDLE_TIMEOUT: 365 * 86_400,
  NONCE_TTL: 3_600,
  SHUTDOWN_TIMEOUT: 600,
} as const;

/**
 * Where to listen: an IP address, or a hostname the resolver can look up.
 * Digits and dots only must be a real IPv4 address (a hostname's grammar
 * would let 999.1.1.1 through); IPv6 without brackets, as listen() takes it.
 */
const hostSchema = z
  .string()
  .refine((text) => !/^[\d.]+$/.test(text) || z.ipv4().safeParse(text).success, {
    error: (issue) => `${quoted(issue)} is not an IP address`,
  })
  .pipe(
    z.union([z.ipv4(), z.ipv6(), z.hostname()], {
      error: (issue) =>
        `${quoted(issue)} is not an IP address or a hostname (e.g. 127.0.0.1, ::, localhost)`,
    }),
  );

const databaseSchema = z.string().transform((text, context): Config['database'] => {
  if (text.startsWith('sqlite:')) {
    const path = text.slice('sqlite:'.length);
    if (!path) context.addIssue('sqlite: needs a file path, e.g. sqlite:./data/sigil.sqlite');
    return { kind: 'sqlite', path };
  }
  if (text.startsWith('postgres://') || text.startsWith('postgresql://')) {
    if (!URL.canParse(text)) context.addIssue('is not a valid postgres:// URL');
    return { kind: 'postgres', url: text };
  }
  context.addIssue('must start with sqlite: or postgres://');
  return z.NEVER;
});

const chainListSchema = commaList(
  z.string().regex(/^\d+$/, { error: (issue) => `${quoted(issue)} is not a chain id` }),
  { dropEmpty: true },
).transform((parts, context) => {
  const ids = parts.map(Number);
  if (ids.length === 0) context.addIssue('must name at least one chain id');
  for (const [index, id] of ids.entries()) {
    if (!knownChains[id]) {
      context.addIssue(
        `chain ${id} is not supported (known: ${Object.keys(knownChains).join(', ')})`,
      );
    } else if (ids.indexOf(id) !== index) context.addIssue(`chain ${id} is listed twice`);
  }
  return ids;
});

/** What the server and the browser speak to a chain: JSON-RPC over HTTP, never a websocket. */
const rpcUrlSchema = z.url({
  protocol: /^https?$/,
  error: (issue) => `${quoted(issue)} is not an http(s) URL`,
});

/** proxy-addr's names for the loopback, link-local and unique-local ranges. */
const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'] as const;

/** TRUST_PROXY: a hop count, or a comma-separated list of addresses and CIDR ranges. */
const hopCountSchema = wholeNumber(1, 100);
const proxyListSchema = commaList(
  z.union([z.enum(NAMED_RANGES), z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()], {
    error: (issue) =>
      `${quoted(issue)} is not a hop count, an IP address or a CIDR range (e.g. 1, or 10.0.0.0/8,::1)`,
  }),
);
// Digits alone are a hop count, with its range; anything else is the list.
const trustProxySchema = z.string().transform((text, context): number | string[] => {
  const parsed = /^\d+$/.test(text)
    ? hopCountSchema.safeParse(text)
    : proxyListSchema.safeParse(text);
  if (parsed.success) return parsed.data;
  context.addIssue(firstMessage(parsed.error));
  return z.NEVER;
});

const OIDC_REDIRECT_URI = z
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

const OIDC_CLIENT = z.strictObject({
  client_id: z.string().regex(/^[A-Za-z0-9._~-]{1,100}$/, 'must be 1 to 100 URL-safe characters'),
  client_secret: z.string().min(32, 'must be at least 32 characters').max(512).optional(),
  redirect_uris: z.array(OIDC_REDIRECT_URI).min(1).max(20),
  client_name: z.string().trim().min(1).max(100),
  post_logout_redirect_uris: z.array(OIDC_REDIRECT_URI).max(20).optional(),
});

/** OIDC_CLIENTS: a JSON array, or the path of a file holding one. */
function parseOidcClients(text: string | undefined): OidcClientConfig[] {
  const value = text?.trim();
  if (!value) return [];
  let json = value;
  if (!value.startsWith('[')) {
    if (!existsSync(value)) {
      throw new ConfigError(
        'OIDC_CLIENTS',
        `is neither a JSON array nor an existing file ("${value}")`,
      );
    }
    json = readFileSync(value, 'utf8');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new ConfigError('OIDC_CLIENTS', 'is not valid JSON (expected an array of clients)');
  }
  const clients = z.array(OIDC_CLIENT).max(100).safeParse(parsed);
  if (!clients.success) {
    const issue = clients.error.issues[0];
    const where = issue?.path.length ? issue.path.join('.') : 'the value';
    throw new ConfigError('OIDC_CLIENTS', `${where} ${issue?.message ?? 'is invalid'}`);
  }
  const ids = new Set<string>();
  for (const client of clients.data) {
    if (ids.has(client.client_id)) {
      throw new ConfigError('OIDC_CLIENTS', `client_id "${client.client_id}" is listed twice`);
    }
    ids.add(client.client_id);
  }
  return clients.data;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** DESIGN §5, variable by variable; defaults pass through the same checks. */
const environmentSchema = z
  .looseObject({
    PORT: variable(wholeNumber(0, 65535).prefault('3000')),
    HOST: variable(hostSchema.prefault('127.0.0.1')),
    PUBLIC_URL: variable(origin().prefault('http://localhost:3000')),
    ALLOWED_ORIGINS: variable(commaList(origin(), { dropEmpty: true }).optional()),
    DATABASE_URL: variable(databaseSchema.prefault('sqlite:./data/sigil.sqlite')),
    REDIS_URL: variable(
      z
        .string()
        .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
        .optional(),
    ),
    CHAINS: variable(chainListSchema.prefault('1,8453,137,11155111')),
    WALLETCONNECT_PROJECT_ID: variable(
      z
        .string()
        .regex(/^[A-Za-z0-9]{8,64}$/, 'must be the alphanumeric id from WalletConnect Cloud')
        .optional(),
    ),
    SESSION_MAX_AGE: variable(duration(DURATION_LIMITS.SESSION_MAX_AGE).prefault('30d')),
    SESSION_IDLE_TIMEOUT: variable(duration(DURATION_LIMITS.SESSION_IDLE_TIMEOUT).prefault('7d')),
    NONCE_TTL: variable(duration(DURATION_LIMITS.NONCE_TTL).prefault('10m')),
    RATE_LIMIT_PER_MINUTE: variable(wholeNumber(1, 1_000_000).prefault('60')),
    TRUST_PROXY: variable(trustProxySchema.optional()),
    SHUTDOWN_TIMEOUT: variable(duration(DURATION_LIMITS.SHUTDOWN_TIMEOUT).prefault('10s')),
    METRICS_PORT: variable(wholeNumber(1, 65535).optional()),
    IMAGE_CACHE_DIR: variable(z.string().min(1).prefault('./data/image-cache')),
    IMAGE_CACHE_MAX_MB: variable(wholeNumber(1, 1_048_576).prefault('512')),
    LOG_LEVEL: variable(
      z
        .enum(LOG_LEVELS, {
          error: (issue) => `${quoted(issue)} is not one of ${LOG_LEVELS.join(', ')}`,
        })
        .prefault('info'),
    ),
    NODE_ENV: variable(z.string().optional()),
  })
  .superRefine((env, context) => {
    if (env.SESSION_IDLE_TIMEOUT > env.SESSION_MAX_AGE) {
      context.addIssue({
        code: 'custom',
        path: ['SESSION_IDLE_TIMEOUT'],
        message: 'must not be longer than SESSION_MAX_AGE',
      });
    }
    if (env.METRICS_PORT !== undefined && env.METRICS_PORT === env.PORT) {
      context.addIssue({
        code: 'custom',
        path: ['METRICS_PORT'],
        message: `${env.METRICS_PORT} is PORT too: metrics need a listener of their own`,
      });
    }
    // RPC_URL_<id> is read for the enabled chains only: a leftover one of a
    // chain taken out of CHAINS does not stop the start.
    for (const id of env.CHAINS) {
      const name = `RPC_URL_${id}`;
      const value = env[name];
      if (typeof value !== 'string' || !value.trim()) continue;
      const parsed = rpcUrlSchema.safeParse(value.trim());
      if (!parsed.success) {
        context.addIssue({ code: 'custom', path: [name], message: firstMessage(parsed.error) });
      }
    }
  });

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) {
    // The first problem only: one line, naming one variable.
    const issue = parsed.error.issues[0];
    throw new ConfigError(
      String(issue?.path[0] ?? 'environment'),
      issue?.message ?? 'is not valid',
    );
  }
  const values = parsed.data;
  const publicUrl = values.PUBLIC_URL;
  const extraOrigins = (values.ALLOWED_ORIGINS ?? []).map((url) => url.origin);
  return {
    port: values.PORT,
    host: values.HOST,
    publicUrl,
    allowedOrigins: [...new Set([publicUrl.origin, ...extraOrigins])],
    database: values.DATABASE_URL,
    redisUrl: values.REDIS_URL,
    chains: values.CHAINS.map((id) => {
      const known = knownChains[id];
      if (!known) throw new ConfigError('CHAINS', `chain ${id} is not supported`);
      return {
        id,
        name: known.name,
        nativeCurrency: known.nativeCurrency,
        rpcUrl: env[`RPC_URL_${id}`]?.trim() || known.defaultRpcUrl,
        testnet: known.testnet,
      };
    }),
    walletConnectProjectId: values.WALLETCONNECT_PROJECT_ID,
    sessionMaxAgeSeconds: values.SESSION_MAX_AGE,
    sessionIdleTimeoutSeconds: values.SESSION_IDLE_TIMEOUT,
    nonceTtlSeconds: values.NONCE_TTL,
    rateLimitPerMinute: values.RATE_LIMIT_PER_MINUTE,
    trustProxy: values.TRUST_PROXY ?? false,
    shutdownTimeoutSeconds: values.SHUTDOWN_TIMEOUT,
    metricsPort: values.METRICS_PORT,
    logLevel: values.LOG_LEVEL,
    development: values.NODE_ENV === 'development',
    appName: 'Sigil',
    imageCache: {
      dir: values.IMAGE_CACHE_DIR,
      maxBytes: values.IMAGE_CACHE_MAX_MB * 1024 * 1024,
    },
    oidcClients: parseOidcClients(env.OIDC_CLIENTS),
  };
}

/**
 * For a command's start (`npm start`, `npm run oidc:rotate-keys`): the
 * configuration, or one line naming the variable on stderr and exit code 1,
 * which is what an operator needs to fix it.
 */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`Invalid configuration: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}
