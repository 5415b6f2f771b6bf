import { z } from 'zod';
import { knownChains } from './chains.js';

/**
 * The one reader of the environment. Everything else receives a typed Config.
 * A bad value stops the start with one line naming the variable (ConfigError).
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
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** GraphiQL and introspection are served only in development. */
  development: boolean;
  appName: string;
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

const DURATION_UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400 };

/** Parses `90`, `90s`, `10m`, `12h`, `30d` into seconds. */
export function parseDuration(text: string): number | undefined {
  const match = /^(\d{1,9})([smhd]?)$/.exec(text.trim());
  if (!match) return undefined;
  const seconds = Number(match[1]) * (DURATION_UNITS[match[2] || 's'] ?? 1);
  return seconds > 0 ? seconds : undefined;
}

function parseOrigin(variable: string, text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ConfigError(variable, `"${text}" is not a URL (expected e.g. http://localhost:3000)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(variable, `"${text}" must use http or https`);
  }
  if (url.pathname !== '/' || url.search || url.hash || url.username || url.password) {
    throw new ConfigError(variable, `"${text}" must be an origin only (scheme, host and port)`);
  }
  return url;
}

function parseInteger(variable: string, text: string, min: number, max: number): number {
  if (!/^\d+$/.test(text.trim()))
    throw new ConfigError(variable, `"${text}" is not a whole number`);
  const value = Number(text);
  if (value < min || value > max) {
    throw new ConfigError(variable, `${value} is out of range (${min} to ${max})`);
  }
  return value;
}

function parseDatabase(text: string): Config['database'] {
  if (text.startsWith('sqlite:')) {
    const path = text.slice('sqlite:'.length);
    if (!path)
      throw new ConfigError(
        'DATABASE_URL',
        'sqlite: needs a file path, e.g. sqlite:./data/sigil.sqlite',
      );
    return { kind: 'sqlite', path };
  }
  if (text.startsWith('postgres://') || text.startsWith('postgresql://')) {
    try {
      new URL(text);
    } catch {
      throw new ConfigError('DATABASE_URL', 'is not a valid postgres:// URL');
    }
    return { kind: 'postgres', url: text };
  }
  throw new ConfigError('DATABASE_URL', 'must start with sqlite: or postgres://');
}

function parseChains(env: NodeJS.ProcessEnv): ChainConfig[] {
  const list = (env.CHAINS ?? '1,8453,137,11155111')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (list.length === 0) throw new ConfigError('CHAINS', 'must name at least one chain id');
  const ids = new Set<number>();
  return list.map((part) => {
    if (!/^\d+$/.test(part)) throw new ConfigError('CHAINS', `"${part}" is not a chain id`);
    const id = Number(part);
    const known = knownChains[id];
    if (!known) {
      throw new ConfigError(
        'CHAINS',
        `chain ${id} is not supported (known: ${Object.keys(knownChains).join(', ')})`,
      );
    }
    if (ids.has(id)) throw new ConfigError('CHAINS', `chain ${id} is listed twice`);
    ids.add(id);
    const variable = `RPC_URL_${id}`;
    const rpcUrl = env[variable]?.trim() || known.defaultRpcUrl;
    const parsed = z.url({ protocol: /^(https?|wss?)$/ }).safeParse(rpcUrl);
    if (!parsed.success)
      throw new ConfigError(variable, `"${rpcUrl}" is not an http(s) or ws(s) URL`);
    return {
      id,
      name: known.name,
      nativeCurrency: known.nativeCurrency,
      rpcUrl,
      testnet: known.testnet,
    };
  });
}

function parseLifetime(env: NodeJS.ProcessEnv, variable: string, fallback: string): number {
  const text = env[variable]?.trim() || fallback;
  const seconds = parseDuration(text);
  if (seconds === undefined) {
    throw new ConfigError(variable, `"${text}" is not a duration (e.g. 90s, 10m, 12h, 30d)`);
  }
  return seconds;
}

/** proxy-addr's names for the loopback, link-local and unique-local ranges. */
const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'];
const PROXY_ADDRESS = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()]);

/** TRUST_PROXY: off, a hop count, or a comma-separated list of addresses and CIDR ranges. */
function parseTrustProxy(text: string | undefined): Config['trustProxy'] {
  const value = text?.trim();
  if (!value) return false;
  if (/^\d+$/.test(value)) return parseInteger('TRUST_PROXY', value, 1, 100);
  const entries = value.split(',').map((part) => part.trim());
  for (const entry of entries) {
    if (!NAMED_RANGES.includes(entry) && !PROXY_ADDRESS.safeParse(entry).success) {
      throw new ConfigError(
        'TRUST_PROXY',
        `"${entry}" is not a hop count, an IP address or a CIDR range (e.g. 1, or 10.0.0.0/8,::1)`,
      );
    }
  }
  return entries;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const publicUrl = parseOrigin('PUBLIC_URL', env.PUBLIC_URL?.trim() || 'http://localhost:3000');
  const extraOrigins = (env.ALLOWED_ORIGINS ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => parseOrigin('ALLOWED_ORIGINS', part).origin);

  const logLevel = env.LOG_LEVEL?.trim() || 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    throw new ConfigError('LOG_LEVEL', `"${logLevel}" is not one of ${LOG_LEVELS.join(', ')}`);
  }

  const redisUrl = env.REDIS_URL?.trim() || undefined;
  if (redisUrl && !/^rediss?:\/\//.test(redisUrl)) {
    throw new ConfigError('REDIS_URL', 'must start with redis:// or rediss://');
  }

  const walletConnectProjectId = env.WALLETCONNECT_PROJECT_ID?.trim() || undefined;
  if (walletConnectProjectId && !/^[A-Za-z0-9]{8,64}$/.test(walletConnectProjectId)) {
    throw new ConfigError(
      'WALLETCONNECT_PROJECT_ID',
      'must be the alphanumeric id from WalletConnect Cloud',
    );
  }

  const sessionMaxAgeSeconds = parseLifetime(env, 'SESSION_MAX_AGE', '30d');
  const sessionIdleTimeoutSeconds = parseLifetime(env, 'SESSION_IDLE_TIMEOUT', '7d');
  if (sessionIdleTimeoutSeconds > sessionMaxAgeSeconds) {
    throw new ConfigError('SESSION_IDLE_TIMEOUT', 'must not be longer than SESSION_MAX_AGE');
  }

  return {
    port: parseInteger('PORT', env.PORT?.trim() || '3000', 0, 65535),
    host: env.HOST?.trim() || '127.0.0.1',
    publicUrl,
    allowedOrigins: [...new Set([publicUrl.origin, ...extraOrigins])],
    database: parseDatabase(env.DATABASE_URL?.trim() || 'sqlite:./data/sigil.sqlite'),
    redisUrl,
    chains: parseChains(env),
    walletConnectProjectId,
    sessionMaxAgeSeconds,
    sessionIdleTimeoutSeconds,
    nonceTtlSeconds: parseLifetime(env, 'NONCE_TTL', '10m'),
    rateLimitPerMinute: parseInteger(
      'RATE_LIMIT_PER_MINUTE',
      env.RATE_LIMIT_PER_MINUTE?.trim() || '60',
      1,
      1_000_000,
    ),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    shutdownTimeoutSeconds: parseLifetime(env, 'SHUTDOWN_TIMEOUT', '10s'),
    logLevel: logLevel as Config['logLevel'],
    development: env.NODE_ENV === 'development',
    appName: 'Sigil',
  };
}
