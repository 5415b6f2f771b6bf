/**
 * The page half of the Sigil Test Wallet: a test double for a browser wallet
 * extension. It is serialised into every page by `context.addInitScript`, so
 * it must be self-contained (no imports, no closures over module scope).
 *
 * Like a real extension it exposes an EIP-1193 provider and announces it by
 * EIP-6963. It decides nothing itself: every request crosses to the test
 * process through an exposed binding, where `TestWallet` answers it with a
 * viem local account and a real Hardhat node.
 */
export type TestWalletProviderInfo = {
  uuid: string;
  name: string;
  icon: string;
  rdns: string;
};

export type TestWalletProviderParameters = {
  info: TestWalletProviderInfo;
  /** Name of the exposed binding that carries requests to the test process. */
  bindingName: string;
  /** Name of the page function the test process calls to emit provider events. */
  emitterName: string;
};

/** What the binding resolves to: bindings lose error fields, so errors travel as data. */
export type TestWalletAnswer =
  | { result: unknown }
  | { error: { code: number; message: string; data?: unknown } };

export function installTestWalletProvider({
  info,
  bindingName,
  emitterName,
}: TestWalletProviderParameters): void {
  // Extensions inject into frames too, but Sigil only talks to the top one.
  if (window.top !== window) return;

  type Listener = (payload: unknown) => void;
  const listeners = new Map<string, Set<Listener>>();

  class ProviderRpcError extends Error {
    readonly code: number;
    readonly data: unknown;
    constructor(code: number, message: string, data?: unknown) {
      super(message);
      this.name = 'ProviderRpcError';
      this.code = code;
      this.data = data;
    }
  }

  type Bridge = (request: { method: string; params: unknown }) => Promise<TestWalletAnswer>;

  const provider = {
    isSigilTestWallet: true,
    async request(request: { method: string; params?: unknown }): Promise<unknown> {
      if (!request || typeof request.method !== 'string') {
        throw new ProviderRpcError(-32600, 'Invalid request: method must be a string.');
      }
      // Looked up per call: Playwright may install the binding after this script.
      const bridge = (window as unknown as Record<string, Bridge>)[bindingName];
      if (!bridge) throw new ProviderRpcError(4900, 'Sigil Test Wallet is not connected.');
      const answer = await bridge({ method: request.method, params: request.params ?? [] });
      if ('error' in answer) {
        throw new ProviderRpcError(answer.error.code, answer.error.message, answer.error.data);
      }
      return answer.result;
    },
    on(event: string, listener: Listener) {
      let set = listeners.get(event);
      if (!set) {
        set = new Set();
        listeners.set(event, set);
      }
      set.add(listener);
      return provider;
    },
    removeListener(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener);
      return provider;
    },
  };

  (window as unknown as Record<string, unknown>)[emitterName] = (event: string, payload: unknown) => {
    const payloadValue =
      event === 'disconnect' && payload && typeof payload === 'object'
        ? new ProviderRpcError(
            (payload as { code: number }).code,
            (payload as { message: string }).message,
          )
        : payload;
    for (const listener of [...(listeners.get(event) ?? [])]) {
      try {
        listener(payloadValue);
      } catch (error) {
        console.error(error);
      }
    }
  };

  const detail = Object.freeze({ info: Object.freeze({ ...info }), provider });
  const announce = () =>
    window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
  window.addEventListener('eip6963:requestProvider', announce);
  announce();
}
