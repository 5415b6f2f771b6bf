// The page half of the Sigil Test Wallet, a test double for a browser wallet
// extension. Plain browser JavaScript on purpose: `TestWallet` reads this file
// and injects it with `context.addInitScript` untouched, so no test-runner
// transform (which adds helpers such as esbuild's `__name`) can break it.
//
// Like a real extension it exposes an EIP-1193 provider and announces it by
// EIP-6963. It decides nothing itself: every request crosses to the test
// process through an exposed binding, where `TestWallet` answers it with a viem
// local account and a real Hardhat node. Bindings drop error fields, so errors
// come back as data ({ error: { code, message } }) and are rebuilt here.
//
// Parameters: { info: { uuid, name, icon, rdns }, bindingName, emitterName }.
// `TestWallet` appends the call with them.
// biome-ignore lint/correctness/noUnusedVariables: called by the script TestWallet injects.
function installTestWalletProvider(parameters) {
  // Extensions inject into frames too, but Sigil only talks to the top one.
  if (window.top !== window) return;
  const { info, bindingName, emitterName } = parameters;
  const listeners = new Map();

  class ProviderRpcError extends Error {
    constructor(code, message, data) {
      super(message);
      this.name = 'ProviderRpcError';
      this.code = code;
      this.data = data;
    }
  }

  const provider = {
    isSigilTestWallet: true,
    async request(request) {
      if (!request || typeof request.method !== 'string') {
        throw new ProviderRpcError(-32600, 'Invalid request: method must be a string.');
      }
      // Looked up per call: Playwright may install the binding after this script.
      const bridge = window[bindingName];
      if (typeof bridge !== 'function') {
        throw new ProviderRpcError(4900, 'Sigil Test Wallet is not connected.');
      }
      const answer = await bridge({ method: request.method, params: request.params ?? [] });
      if (answer.error) {
        throw new ProviderRpcError(answer.error.code, answer.error.message, answer.error.data);
      }
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

  window[emitterName] = (event, payload) => {
    const value =
      event === 'disconnect' ? new ProviderRpcError(payload.code, payload.message) : payload;
    for (const listener of [...(listeners.get(event) ?? [])]) {
      try {
        listener(value);
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
