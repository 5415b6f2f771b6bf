import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { type Hex, isHex, type LocalAccount, numberToHex } from 'viem';

/**
 * A minimal browser wallet for the timing bench: an EIP-1193 provider
 * announced by EIP-6963 in the page, whose requests cross to this process
 * through `page.exposeFunction` and are answered by a viem local account
 * (accounts, chain id, personal_sign) or forwarded to the chain's node.
 * Nothing is held back or fails on purpose: it signs as fast as it can, so
 * what is timed is the app.
 */
export type BenchWalletParameters = {
  account: LocalAccount;
  chainId: number;
  rpcUrl: string;
};

export const BENCH_WALLET_RDNS = 'dev.sigil.benchwallet';
const FUNCTION_NAME = '__sigilBenchWalletRequest';

type Answer = { result: unknown } | { error: { code: number; message: string } };

class WalletRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

// Page-side, plain browser JavaScript passed as text: no transform of this
// process can reach it. Errors cross as data and are rebuilt with their code,
// which is what wagmi branches on.
const PROVIDER_SCRIPT = (parameters: { info: object; functionName: string }) => `(() => {
  if (window.top !== window) return;
  const { info, functionName } = ${JSON.stringify(parameters)};
  const listeners = new Map();
  class ProviderRpcError extends Error {
    constructor(code, message) { super(message); this.code = code; }
  }
  const provider = {
    async request(request) {
      const answer = await window[functionName]({ method: request.method, params: request.params ?? [] });
      if (answer.error) throw new ProviderRpcError(answer.error.code, answer.error.message);
      return answer.result;
    },
    on(event, listener) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event).add(listener);
      return provider;
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener);
      return provider;
    },
  };
  const detail = Object.freeze({ info: Object.freeze(info), provider });
  const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
  window.addEventListener('eip6963:requestProvider', announce);
  announce();
})();`;

const ICON = `data:image/svg+xml;base64,${Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#0a7"/></svg>',
).toString('base64')}`;

export async function installBenchWallet(
  page: Page,
  parameters: BenchWalletParameters,
): Promise<void> {
  const { account, chainId, rpcUrl } = parameters;
  let authorized = false;
  const permission = () => [{ parentCapability: 'eth_accounts', caveats: [] }];

  const forward = async (method: string, params: unknown[]) => {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    const body = (await response.json()) as {
      result?: unknown;
      error?: { code: number; message: string };
    };
    if (body.error) throw new WalletRpcError(body.error.code, body.error.message);
    return body.result;
  };

  const handle = async (method: string, params: unknown[]): Promise<unknown> => {
    switch (method) {
      case 'eth_requestAccounts':
        authorized = true;
        return [account.address];
      case 'eth_accounts':
        return authorized ? [account.address] : [];
      case 'wallet_requestPermissions':
        authorized = true;
        return permission();
      case 'wallet_getPermissions':
        return authorized ? permission() : [];
      case 'wallet_revokePermissions':
        authorized = false;
        return null;
      case 'eth_chainId':
        return numberToHex(chainId);
      case 'net_version':
        return String(chainId);
      case 'wallet_switchEthereumChain':
        if (Number((params[0] as { chainId: Hex }).chainId) === chainId) return null;
        throw new WalletRpcError(4902, 'Unrecognized chain ID.');
      case 'personal_sign': {
        const [data] = params as [string];
        if (!authorized) throw new WalletRpcError(4100, 'The account is not authorized.');
        return account.signMessage({ message: isHex(data) ? { raw: data } : data });
      }
      default:
        return forward(method, params);
    }
  };

  await page.exposeFunction(
    FUNCTION_NAME,
    async (request: { method: string; params: unknown }): Promise<Answer> => {
      try {
        const params = Array.isArray(request.params) ? request.params : [];
        return { result: await handle(request.method, params) };
      } catch (error) {
        const code = error instanceof WalletRpcError ? error.code : -32603;
        return { error: { code, message: error instanceof Error ? error.message : String(error) } };
      }
    },
  );
  await page.addInitScript({
    content: PROVIDER_SCRIPT({
      info: { uuid: randomUUID(), name: 'Sigil Bench Wallet', icon: ICON, rdns: BENCH_WALLET_RDNS },
      functionName: FUNCTION_NAME,
    }),
  });
}
