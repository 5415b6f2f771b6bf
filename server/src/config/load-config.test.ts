import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from './config-error.js';
import { DURATION_LIMITS } from './environment-schema.js';
import { loadConfig } from './load-config.js';

describe('loadConfig', () => {
  it('defaults to exactly the values docs/configuration.md lists', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      allowedOrigins: ['http://localhost:3000'],
      database: { kind: 'sqlite', path: './data/sigil.sqlite' },
      redisUrl: undefined,
      walletConnectProjectId: undefined,
      sessionMaxAgeSeconds: 30 * 86_400,
      sessionIdleTimeoutSeconds: 7 * 86_400,
      nonceTtlSeconds: 10 * 60,
      rateLimitPerMinute: 60,
      trustProxy: false,
      shutdownTimeoutSeconds: 10,
      metricsPort: undefined,
      logLevel: 'info',
      development: false,
    });
    expect(config.publicUrl.href).toBe('http://localhost:3000/');
    // Each chain's endpoint defaults to its public RPC.
    expect(config.chains.map(({ id, name, rpcUrl }) => ({ id, name, rpcUrl }))).toEqual([
      { id: 1, name: 'Ethereum', rpcUrl: 'https://eth.merkle.io' },
      { id: 8453, name: 'Base', rpcUrl: 'https://mainnet.base.org' },
      { id: 137, name: 'Polygon', rpcUrl: 'https://polygon-rpc.com' },
      { id: 11155111, name: 'Sepolia', rpcUrl: 'https://sepolia.drpc.org' },
    ]);
    expect(config.chains.find((chain) => chain.id === 137)?.nativeCurrency.symbol).toBe('POL');
    expect(config.chains.find((chain) => chain.id === 11155111)?.nativeCurrency).toEqual({
      name: 'Sepolia Ether',
      symbol: 'ETH',
      decimals: 18,
    });
  });

  it('reads every variable it is given', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      PUBLIC_URL: 'https://sigil.example',
      ALLOWED_ORIGINS: 'http://localhost:5173, https://preview.sigil.example',
      DATABASE_URL: 'postgres://sigil@db.internal:5432/sigil',
      REDIS_URL: 'redis://cache.internal:6379',
      CHAINS: '31337,1',
      RPC_URL_1: 'https://rpc.example/eth',
      WALLETCONNECT_PROJECT_ID: 'abcdef0123456789',
      SESSION_MAX_AGE: '12h',
      SESSION_IDLE_TIMEOUT: '90m',
      NONCE_TTL: '120',
      RATE_LIMIT_PER_MINUTE: '5',
      TRUST_PROXY: '10.0.0.0/8, 2001:db8::/32,192.0.2.1 , loopback',
      SHUTDOWN_TIMEOUT: '30s',
      METRICS_PORT: '9464',
      LOG_LEVEL: 'debug',
      NODE_ENV: 'development',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      allowedOrigins: [
        'https://sigil.example',
        'http://localhost:5173',
        'https://preview.sigil.example',
      ],
      database: { kind: 'postgres', url: 'postgres://sigil@db.internal:5432/sigil' },
      redisUrl: 'redis://cache.internal:6379',
      walletConnectProjectId: 'abcdef0123456789',
      sessionMaxAgeSeconds: 12 * 3600,
      sessionIdleTimeoutSeconds: 90 * 60,
      nonceTtlSeconds: 120,
      rateLimitPerMinute: 5,
      trustProxy: ['10.0.0.0/8', '2001:db8::/32', '192.0.2.1', 'loopback'],
      shutdownTimeoutSeconds: 30,
      metricsPort: 9464,
      logLevel: 'debug',
      development: true,
    });
    expect(config.chains.map(({ id, rpcUrl }) => ({ id, rpcUrl }))).toEqual([
      { id: 31337, rpcUrl: 'http://127.0.0.1:8545' },
      { id: 1, rpcUrl: 'https://rpc.example/eth' },
    ]);
  });

  it("gives the browser PUBLIC_RPC_URL_<id> when set, else the server's /rpc/<id>, never RPC_URL_<id>", () => {
    const config = loadConfig({
      CHAINS: '1,8453',
      PUBLIC_URL: 'https://sigil.example',
      RPC_URL_1: 'https://user:secret@rpc.example/eth/KEY',
      PUBLIC_RPC_URL_8453: 'https://public.example/base',
    });
    expect(config.chains.map(({ id, browserRpcUrl }) => ({ id, browserRpcUrl }))).toEqual([
      { id: 1, browserRpcUrl: 'https://sigil.example/rpc/1' },
      { id: 8453, browserRpcUrl: 'https://public.example/base' },
    ]);
  });

  it.each([
    ['PORT', { PORT: 'abc' }],
    ['PORT', { PORT: '70000' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'notaurl' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'http://localhost:3000/app' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'ftp://localhost' }],
    ['ALLOWED_ORIGINS', { ALLOWED_ORIGINS: 'http://localhost:5173,nope' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://x' }],
    ['DATABASE_URL', { DATABASE_URL: 'sqlite:' }],
    ['CHAINS', { CHAINS: '1,abc' }],
    ['CHAINS', { CHAINS: '999' }],
    ['CHAINS', { CHAINS: '1,1' }],
    ['SOLANA_CLUSTERS', { SOLANA_CLUSTERS: 'localnet' }],
    ['SOLANA_CLUSTERS', { SOLANA_CLUSTERS: 'mainnet,mainnet' }],
    ['SOLANA_CLUSTERS', { SOLANA_CLUSTERS: 'Mainnet' }],
    ['ADMIN_ADDRESSES', { ADMIN_ADDRESSES: 'solana:localnet:11111111111111111111111111111111' }],
    ['RPC_URL_1', { RPC_URL_1: 'ftp://x' }],
    ['SESSION_MAX_AGE', { SESSION_MAX_AGE: 'forever' }],
    ['NONCE_TTL', { NONCE_TTL: '0' }],
    ['RATE_LIMIT_PER_MINUTE', { RATE_LIMIT_PER_MINUTE: '0' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'loud' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'true' }],
    ['TRUST_PROXY', { TRUST_PROXY: '0' }],
    ['TRUST_PROXY', { TRUST_PROXY: '10.0.0.0/33' }],
    ['TRUST_PROXY', { TRUST_PROXY: '10.0.0.1,,::1' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'proxy.internal' }],
    ['SHUTDOWN_TIMEOUT', { SHUTDOWN_TIMEOUT: 'soon' }],
    ['METRICS_PORT', { METRICS_PORT: 'metrics' }],
    ['METRICS_PORT', { METRICS_PORT: '0' }],
    ['METRICS_PORT', { METRICS_PORT: '70000' }],
    ['METRICS_PORT', { PORT: '8080', METRICS_PORT: '8080' }],
    ['REDIS_URL', { REDIS_URL: 'http://x' }],
    ['WALLETCONNECT_PROJECT_ID', { WALLETCONNECT_PROJECT_ID: 'not an id!' }],
    ['SESSION_IDLE_TIMEOUT', { SESSION_MAX_AGE: '1d', SESSION_IDLE_TIMEOUT: '2d' }],
    ['HOST', { HOST: 'local host' }],
    ['METRICS_PORT', { METRICS_PORT: '0' }],
    ['RPC_URL_1', { RPC_URL_1: 'wss://rpc.example' }],
    ['NONCE_TTL', { NONCE_TTL: '2h' }],
    ['MAX_WALLETS_PER_ACCOUNT', { MAX_WALLETS_PER_ACCOUNT: '0' }],
    ['MAX_WALLETS_PER_ACCOUNT', { MAX_WALLETS_PER_ACCOUNT: 'twenty' }],
    ['MAX_WALLETS_PER_ACCOUNT', { MAX_WALLETS_PER_ACCOUNT: '2.5' }],
    ['MAX_SESSIONS_PER_ACCOUNT', { MAX_SESSIONS_PER_ACCOUNT: '0' }],
    ['MAX_SESSIONS_PER_ACCOUNT', { MAX_SESSIONS_PER_ACCOUNT: 'fifty' }],
    ['MAX_SESSIONS_PER_ACCOUNT', { MAX_SESSIONS_PER_ACCOUNT: '-3' }],
    ['MAX_SESSIONS_PER_ACCOUNT', { MAX_SESSIONS_PER_ACCOUNT: '201' }],
    ['MAX_ANONYMOUS_RESPONSE_BYTES', { MAX_ANONYMOUS_RESPONSE_BYTES: '100' }],
    ['MAX_ANONYMOUS_RESPONSE_BYTES', { MAX_ANONYMOUS_RESPONSE_BYTES: '1MiB' }],
  ])('refuses a bad %s with a ConfigError naming it (%o)', (variable, env) => {
    let thrown: unknown;
    try {
      loadConfig(env);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    expect((thrown as ConfigError).variable).toBe(variable);
    expect((thrown as ConfigError).message).toMatch(new RegExp(`^${variable}: `));
    expect((thrown as ConfigError).message).not.toContain('\n');
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT: "abc" is not a whole number'],
    [{ PORT: '70000' }, 'PORT: 70000 is out of range (0 to 65535)'],
    [
      { HOST: 'local host' },
      'HOST: "local host" is not an IP address or a hostname (e.g. 127.0.0.1, ::, localhost)',
    ],
    [
      { HOST: '[::1]' },
      'HOST: "[::1]" is not an IP address or a hostname (e.g. 127.0.0.1, ::, localhost)',
    ],
    [
      { HOST: 'http://sigil.example' },
      'HOST: "http://sigil.example" is not an IP address or a hostname (e.g. 127.0.0.1, ::, localhost)',
    ],
    [{ HOST: '999.1.1.1' }, 'HOST: "999.1.1.1" is not an IP address'],
    [{ PUBLIC_URL: 'ftp://localhost' }, 'PUBLIC_URL: "ftp://localhost" must use http or https'],
    [
      { ALLOWED_ORIGINS: 'http://localhost:5173,nope' },
      'ALLOWED_ORIGINS: "nope" is not a URL (expected e.g. http://localhost:3000)',
    ],
    [
      { CHAINS: '999' },
      'CHAINS: chain 999 is not supported (known: 1, 137, 8453, 31337, 11155111)',
    ],
    [{ RPC_URL_1: 'wss://rpc.example' }, 'RPC_URL_1: "wss://rpc.example" is not an http(s) URL'],
    [
      { CHAINS: '31337', RPC_URL_31337: 'ws://127.0.0.1:8545' },
      'RPC_URL_31337: "ws://127.0.0.1:8545" is not an http(s) URL',
    ],
    [
      { PUBLIC_RPC_URL_1: 'https://user:secret@rpc.example/eth' },
      'PUBLIC_RPC_URL_1: carries a user or password, and would be sent to every browser',
    ],
    [
      { PUBLIC_RPC_URL_1: 'wss://rpc.example' },
      'PUBLIC_RPC_URL_1: "wss://rpc.example" is not an http(s) URL',
    ],
    [
      { SESSION_MAX_AGE: '400d' },
      'SESSION_MAX_AGE: "400d" is longer than 365d, the longest allowed',
    ],
    [
      { SESSION_MAX_AGE: '1M' },
      'SESSION_MAX_AGE: "1M" is not a duration (e.g. 90s, 10m, 12h, 30d)',
    ],
    [
      { SESSION_IDLE_TIMEOUT: '2y' },
      'SESSION_IDLE_TIMEOUT: "2y" is longer than 365d, the longest allowed',
    ],
    [{ NONCE_TTL: '61m' }, 'NONCE_TTL: "61m" is longer than 1h, the longest allowed'],
    [{ NONCE_TTL: '0.5s' }, 'NONCE_TTL: "0.5s" is not a duration (e.g. 90s, 10m, 12h, 30d)'],
    [
      { SHUTDOWN_TIMEOUT: '11m' },
      'SHUTDOWN_TIMEOUT: "11m" is longer than 10m, the longest allowed',
    ],
    [
      { SHUTDOWN_TIMEOUT: '-5s' },
      'SHUTDOWN_TIMEOUT: "-5s" is not a duration (e.g. 90s, 10m, 12h, 30d)',
    ],
    [{ METRICS_PORT: '0' }, 'METRICS_PORT: 0 is out of range (1 to 65535)'],
    [
      { METRICS_PORT: '3000' },
      'METRICS_PORT: 3000 is PORT too: metrics need a listener of their own',
    ],
    [
      { PORT: '9464', METRICS_PORT: '9464' },
      'METRICS_PORT: 9464 is PORT too: metrics need a listener of their own',
    ],
    [{ TRUST_PROXY: '0' }, 'TRUST_PROXY: 0 is out of range (1 to 100)'],
    [
      { LOG_LEVEL: 'loud' },
      'LOG_LEVEL: "loud" is not one of fatal, error, warn, info, debug, trace, silent',
    ],
  ])('says what is wrong with %o', (env, message) => {
    let thrown: unknown;
    try {
      loadConfig(env);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    expect((thrown as ConfigError).message).toBe(message);
  });

  it('reports the first bad variable when several are bad', () => {
    expect(() => loadConfig({ PORT: 'abc', NONCE_TTL: 'soon' })).toThrowError(/^PORT: /);
  });

  it.each([
    ['90s', 90],
    ['10m', 600],
    ['12h', 43_200],
    ['30d', 2_592_000],
    ['1w', 604_800],
    ['1.5h', 5_400],
    ['120', 120],
    ['365d', 31_536_000],
  ])('reads the duration %s as %i seconds', (text, seconds) => {
    const config = loadConfig({ SESSION_MAX_AGE: text, SESSION_IDLE_TIMEOUT: '90s' });
    expect(config.sessionMaxAgeSeconds).toBe(seconds);
  });

  it('takes each duration up to its bound, inclusive', () => {
    const config = loadConfig({
      SESSION_MAX_AGE: '365d',
      SESSION_IDLE_TIMEOUT: '365d',
      NONCE_TTL: '1h',
      SHUTDOWN_TIMEOUT: '10m',
    });
    expect(config).toMatchObject({
      sessionMaxAgeSeconds: DURATION_LIMITS.SESSION_MAX_AGE,
      sessionIdleTimeoutSeconds: DURATION_LIMITS.SESSION_IDLE_TIMEOUT,
      nonceTtlSeconds: DURATION_LIMITS.NONCE_TTL,
      shutdownTimeoutSeconds: DURATION_LIMITS.SHUTDOWN_TIMEOUT,
    });
  });

  it.each(['0.0.0.0', '::', '::1', 'localhost', 'sigil.internal'])('listens on HOST %s', (host) => {
    expect(loadConfig({ HOST: host }).host).toBe(host);
  });

  it('treats an empty or blank variable as unset', () => {
    const config = loadConfig({ PORT: '', HOST: '  ', NONCE_TTL: ' ', RPC_URL_1: '' });
    expect(config).toMatchObject({ port: 3000, host: '127.0.0.1', nonceTtlSeconds: 600 });
    expect(config.chains[0]?.rpcUrl).toBe('https://eth.merkle.io');
  });

  it('enables Solana on mainnet by default, on the clusters SOLANA_CLUSTERS names, and on none when it is empty', () => {
    expect(loadConfig({}).solanaClusters).toEqual([
      { name: 'mainnet', id: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' },
    ]);
    expect(loadConfig({ SOLANA_CLUSTERS: ' devnet, testnet ' }).solanaClusters).toEqual([
      { name: 'devnet', id: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1' },
      { name: 'testnet', id: 'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z' },
    ]);
    // Unlike other variables, empty is a value here: Solana sign-in off.
    expect(loadConfig({ SOLANA_CLUSTERS: '' }).solanaClusters).toEqual([]);
    expect(loadConfig({ SOLANA_CLUSTERS: '  ' }).solanaClusters).toEqual([]);
  });

  it('reads a bare base58 Solana address in ADMIN_ADDRESSES as that key, in any cluster spelling, case kept', () => {
    const key = 'DRpbCBMxVnDK7maPM5tGv6MvB3v1sRMC86PZ8okm21hy';
    expect(
      loadConfig({
        ADMIN_ADDRESSES: `${key},solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1:${key}`,
      }).adminWallets,
    ).toEqual([
      `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:${key}`,
      `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:${key}`,
    ]);
    // Base58 is case-sensitive: the lower-cased text is another key, or none.
    expect(() => loadConfig({ ADMIN_ADDRESSES: key.toLowerCase() })).toThrow(ConfigError);
  });

  it('ignores the RPC URL of a chain that is not enabled', () => {
    expect(loadConfig({ CHAINS: '1', RPC_URL_137: 'wss://old.example' }).chains).toHaveLength(1);
  });
});

describe('OIDC_CLIENTS', () => {
  const wiki = {
    client_id: 'wiki',
    client_secret: 's'.repeat(32),
    client_name: 'Wiki',
    redirect_uris: ['https://wiki.example/callback'],
  };
  const problem = (value: string) => {
    try {
      loadConfig({ OIDC_CLIENTS: value });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    }
    throw new Error('expected a ConfigError');
  };

  it('has no clients by default', () => {
    expect(loadConfig({}).oidcClients).toEqual([]);
  });

  const webApp = { grant_types: ['authorization_code', 'refresh_token'] };

  it('reads a JSON array: a client without a secret is public, without grant_types a web app', () => {
    const spa = {
      client_id: 'spa',
      client_name: 'SPA',
      redirect_uris: ['http://localhost:5173/cb'],
    };
    expect(loadConfig({ OIDC_CLIENTS: JSON.stringify([wiki, spa]) }).oidcClients).toEqual([
      { ...wiki, ...webApp },
      { ...spa, ...webApp },
    ]);
  });

  it('reads a device client without redirect_uris, and wants them of the authorization_code grant', () => {
    const tv = {
      client_id: 'tv-app',
      client_name: 'Living-room TV',
      grant_types: ['urn:ietf:params:oauth:grant-type:device_code', 'refresh_token'],
    };
    expect(loadConfig({ OIDC_CLIENTS: JSON.stringify([tv]) }).oidcClients).toEqual([tv]);
    expect(
      problem(JSON.stringify([{ ...tv, grant_types: ['authorization_code', ...tv.grant_types] }])),
    ).toBe('OIDC_CLIENTS: 0.redirect_uris are required for the authorization_code grant');
    expect(problem(JSON.stringify([{ ...tv, grant_types: ['implicit'] }]))).toMatch(
      /^OIDC_CLIENTS: 0\.grant_types\.0 /,
    );
  });

  it('reads the path of a JSON file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sigil-config-'));
    const path = join(dir, 'clients.json');
    writeFileSync(path, JSON.stringify([wiki]));
    expect(loadConfig({ OIDC_CLIENTS: path }).oidcClients).toEqual([{ ...wiki, ...webApp }]);
    rmSync(dir, { recursive: true });
  });

  it('stops the start with one line naming OIDC_CLIENTS and what is wrong', () => {
    expect(problem('[{')).toBe('OIDC_CLIENTS: is not valid JSON (expected an array of clients)');
    expect(problem('/no/such/file.json')).toMatch(/^OIDC_CLIENTS: is neither a JSON array nor/);
    expect(problem(JSON.stringify([{ ...wiki, redirect_uris: [] }]))).toMatch(
      /^OIDC_CLIENTS: 0\.redirect_uris /,
    );
    expect(problem(JSON.stringify([{ ...wiki, redirect_uris: ['not a uri'] }]))).toMatch(
      /^OIDC_CLIENTS: 0\.redirect_uris\.0 is not an absolute URI/,
    );
    expect(problem(JSON.stringify([{ ...wiki, client_secret: 'short' }]))).toMatch(
      /^OIDC_CLIENTS: 0\.client_secret must be at least 32 characters/,
    );
    expect(problem(JSON.stringify([{ ...wiki, client_name: undefined }]))).toMatch(
      /^OIDC_CLIENTS: 0\.client_name /,
    );
    expect(problem(JSON.stringify([{ ...wiki, scope: 'x' }]))).toMatch(/^OIDC_CLIENTS: /);
    expect(problem(JSON.stringify([wiki, wiki]))).toBe(
      'OIDC_CLIENTS: client_id "wiki" is listed twice',
    );
    for (const message of [problem('{}'), problem('[1]')]) {
      expect(message.split('\n')).toHaveLength(1);
    }
  });
});

describe('WEBHOOKS and WEBHOOK_RETRY_DELAYS', () => {
  const secret = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
  const crm = { id: 'crm', url: 'https://crm.example/hooks/sigil', secret };
  const problem = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    }
    throw new Error('expected a ConfigError');
  };
  const webhooks = (endpoints: unknown[]) => problem({ WEBHOOKS: JSON.stringify(endpoints) });

  it('reads endpoints: without events, every type', () => {
    const config = loadConfig({
      WEBHOOKS: JSON.stringify([crm, { ...crm, id: 'ops', events: ['session.ended'] }]),
    });
    expect(config.webhooks.map((endpoint) => endpoint.id)).toEqual(['crm', 'ops']);
    expect(config.webhooks[0]?.url.href).toBe(crm.url);
    expect(config.webhooks[0]?.events.size).toBe(12);
    expect([...(config.webhooks[1]?.events ?? [])]).toEqual(['session.ended']);
    expect(loadConfig({}).webhookRetryDelaysSeconds).toEqual([
      5, 300, 1800, 7200, 18_000, 36_000, 36_000,
    ]);
    expect(loadConfig({ WEBHOOK_RETRY_DELAYS: '1s,2m' }).webhookRetryDelaysSeconds).toEqual([
      1, 120,
    ]);
  });

  it('reads the limits of issue 26, with their defaults', () => {
    expect(loadConfig({})).toMatchObject({
      maxWalletsPerAccount: 20,
      maxAnonymousResponseBytes: 1024 * 1024,
    });
    expect(
      loadConfig({ MAX_WALLETS_PER_ACCOUNT: '5', MAX_ANONYMOUS_RESPONSE_BYTES: '65536' }),
    ).toMatchObject({ maxWalletsPerAccount: 5, maxAnonymousResponseBytes: 65536 });
  });

  it('reads MAX_SESSIONS_PER_ACCOUNT, 50 by default', () => {
    expect(loadConfig({}).maxSessionsPerAccount).toBe(50);
    expect(loadConfig({ MAX_SESSIONS_PER_ACCOUNT: '3' }).maxSessionsPerAccount).toBe(3);
  });

  it('stops the start with one line naming WEBHOOKS and what is wrong', () => {
    const messages = [
      webhooks([{ ...crm, secret: 'not-a-secret' }]),
      webhooks([{ ...crm, secret: `whsec_${Buffer.alloc(8).toString('base64')}` }]),
      webhooks([{ ...crm, url: 'not a url' }]),
      webhooks([{ ...crm, url: 'ftp://crm.example/hooks' }]),
      webhooks([{ ...crm, events: ['session.started'] }]),
      webhooks([crm, crm]),
      problem({ WEBHOOKS: '[{' }),
    ];
    expect(messages[0]).toMatch(/^WEBHOOKS: .*secret.*must start with whsec_/);
    expect(messages[1]).toMatch(/^WEBHOOKS: .*secret.*24 to 64 bytes/);
    expect(messages[2]).toMatch(/^WEBHOOKS: .*url.*"not a url" is not a URL/);
    expect(messages[3]).toMatch(/^WEBHOOKS: .*must use http or https/);
    expect(messages[4]).toMatch(/^WEBHOOKS: .*"session\.started" is not a webhook event type/);
    expect(messages[5]).toMatch(/^WEBHOOKS: .*"crm".*twice/);
    expect(messages[6]).toMatch(/^WEBHOOKS: /);
    for (const message of messages) expect(message.split('\n')).toHaveLength(1);
  });

  it('stops the start with one line naming WEBHOOK_RETRY_DELAYS when a wait is not a duration', () => {
    for (const value of ['5s,soon', '-5s', '5s,,5m', '30d']) {
      const message = problem({ WEBHOOK_RETRY_DELAYS: value });
      expect(message).toMatch(/^WEBHOOK_RETRY_DELAYS: /);
      expect(message.split('\n')).toHaveLength(1);
    }
  });
});
