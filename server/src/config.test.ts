import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('defaults to exactly the values of DESIGN §5', () => {
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
      logLevel: 'debug',
      development: true,
    });
    expect(config.chains.map(({ id, rpcUrl }) => ({ id, rpcUrl }))).toEqual([
      { id: 31337, rpcUrl: 'http://127.0.0.1:8545' },
      { id: 1, rpcUrl: 'https://rpc.example/eth' },
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
    ['REDIS_URL', { REDIS_URL: 'http://x' }],
    ['WALLETCONNECT_PROJECT_ID', { WALLETCONNECT_PROJECT_ID: 'not an id!' }],
    ['SESSION_IDLE_TIMEOUT', { SESSION_MAX_AGE: '1d', SESSION_IDLE_TIMEOUT: '2d' }],
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

  // Its own timeout: tsx compiles main.ts and its imports first, seconds on a loaded machine.
  it('stops `main.ts` at start with one stderr line naming the bad variable', async () => {
    const main = fileURLToPath(new URL('./main.ts', import.meta.url));
    const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
    // Only PORT is wrong: any configuration inherited from this shell is left out.
    const env = Object.fromEntries(
      Object.entries(process.env).filter(
        ([name]) =>
          !/^(PORT|HOST|PUBLIC_URL|ALLOWED_ORIGINS|DATABASE_URL|REDIS_URL|CHAINS|RPC_URL_\d+|WALLETCONNECT_PROJECT_ID|SESSION_MAX_AGE|SESSION_IDLE_TIMEOUT|NONCE_TTL|RATE_LIMIT_PER_MINUTE|TRUST_PROXY|SHUTDOWN_TIMEOUT|LOG_LEVEL|NODE_OPTIONS)$/.test(
            name,
          ),
      ),
    );
    const { code, stdout, stderr } = await new Promise<{
      code: number | null;
      stdout: string;
      stderr: string;
    }>((resolve) => {
      const child = execFile(
        process.execPath,
        ['--import', 'tsx', main],
        // A failure bound (a server that did start would never exit), inside the test's own.
        { cwd: repoRoot, env: { ...env, PORT: 'abc' }, timeout: 50_000 },
        (_error, stdout, stderr) => resolve({ code: child.exitCode, stdout, stderr }),
      );
    });
    expect(code).not.toBe(0);
    expect(code).not.toBeNull();
    const lines = stderr.split('\n').filter((line) => line.trim() !== '');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('PORT');
    expect(stdout).toBe('');
  }, 60_000);
});
