import { RuntimeConfigError } from './runtime-config-error';

/** One chain the deployment enables, with the only RPC endpoint the browser may use for it. */
export type RuntimeChain = {
  id: number;
  name: string;
  nativeCurrency: { name: string; symbol: string; decimals: number };
  rpcUrl: string;
  testnet: boolean;
};

/** What the server tells the browser at run time (`GET /api/config`), so one build serves every deployment. */
export type RuntimeConfig = {
  appName: string;
  publicUrl: string;
  walletConnectProjectId: string | null;
  /** Whether Solana wallets may sign in (`SOLANA_CLUSTERS` not empty). */
  solanaSignIn: boolean;
  chains: [RuntimeChain, ...RuntimeChain[]];
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

function parseChain(value: unknown, index: number): RuntimeChain {
  const where = `chains[${index}]`;
  if (!isRecord(value)) throw new RuntimeConfigError(`${where} is not an object`);
  const { id, name, nativeCurrency, rpcUrl, testnet } = value;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) {
    throw new RuntimeConfigError(`${where}.id is not a positive integer`);
  }
  if (typeof name !== 'string' || name === '')
    throw new RuntimeConfigError(`${where}.name is empty`);
  if (
    !isRecord(nativeCurrency) ||
    typeof nativeCurrency.name !== 'string' ||
    typeof nativeCurrency.symbol !== 'string' ||
    typeof nativeCurrency.decimals !== 'number'
  ) {
    throw new RuntimeConfigError(`${where}.nativeCurrency is not { name, symbol, decimals }`);
  }
  // Without a URL viem would fall back to a public endpoint the operator never chose.
  if (!isHttpUrl(rpcUrl)) throw new RuntimeConfigError(`${where}.rpcUrl is not an http(s) URL`);
  return {
    id,
    name,
    nativeCurrency: {
      name: nativeCurrency.name,
      symbol: nativeCurrency.symbol,
      decimals: nativeCurrency.decimals,
    },
    rpcUrl,
    testnet: testnet === true,
  };
}

/** Checks the shape of `/api/config`; throws RuntimeConfigError naming the first field that is wrong. */
export function parseRuntimeConfig(value: unknown): RuntimeConfig {
  if (!isRecord(value)) throw new RuntimeConfigError('not a JSON object');
  const { appName, publicUrl, walletConnectProjectId, solanaSignIn, chains } = value;
  if (typeof appName !== 'string' || appName === '')
    throw new RuntimeConfigError('appName is empty');
  if (!isHttpUrl(publicUrl)) throw new RuntimeConfigError('publicUrl is not an http(s) URL');
  if (walletConnectProjectId !== null && typeof walletConnectProjectId !== 'string') {
    throw new RuntimeConfigError('walletConnectProjectId is neither a string nor null');
  }
  if (typeof solanaSignIn !== 'boolean')
    throw new RuntimeConfigError('solanaSignIn is not a boolean');
  if (!Array.isArray(chains) || chains.length === 0) {
    throw new RuntimeConfigError('chains is not a non-empty list');
  }
  const [first, ...rest] = chains.map(parseChain) as [RuntimeChain, ...RuntimeChain[]];
  const ids = new Set([first, ...rest].map((chain) => chain.id));
  if (ids.size !== chains.length) throw new RuntimeConfigError('chains lists an id twice');
  return {
    appName,
    publicUrl,
    walletConnectProjectId: walletConnectProjectId === '' ? null : walletConnectProjectId,
    solanaSignIn,
    chains: [first, ...rest],
  };
}
