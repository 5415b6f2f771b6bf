// The page half of the Sigil Solana Test Wallet, a test double for a Solana
// browser wallet (it stands in for Phantom as the Sigil Test Wallet stands in
// for MetaMask). Plain browser JavaScript on purpose, injected as text by
// `SolanaTestWallet` with `context.addInitScript`, so no test-runner transform
// can reach it.
//
// Like a real extension it builds a Wallet Standard wallet and registers it by
// the window event protocol of @wallet-standard/wallet's `registerWallet`: it
// dispatches `wallet-standard:register-wallet` with a callback (for an app
// already listening) and answers the app's `wallet-standard:app-ready` with the
// same callback (for an app that starts later). It decides nothing itself:
// connect, signIn and signMessage cross to the test process through an exposed
// binding, where `SolanaTestWallet` holds the Ed25519 key. Bytes travel as
// arrays of numbers, errors as data.
//
// Parameters: { name, icon, chains, features, registerAtStart, bindingName, registerName }.
// biome-ignore lint/correctness/noUnusedVariables: called by the script SolanaTestWallet injects.
function installSolanaTestWallet(parameters) {
  if (window.top !== window) return;
  const { name, icon, chains, features: offered, bindingName, registerName } = parameters;
  const listeners = new Set();
  let accounts = [];

  class WalletError extends Error {
    constructor(code, message) {
      super(message);
      this.name = 'WalletError';
      this.code = code;
    }
  }

  const ask = async (method, params) => {
    const bridge = window[bindingName];
    if (typeof bridge !== 'function') throw new WalletError(4900, `${name} is not connected.`);
    const answer = await bridge({ method, params });
    if (answer.error) throw new WalletError(answer.error.code, answer.error.message);
    return answer.result;
  };

  const toAccount = (account) =>
    Object.freeze({
      address: account.address,
      publicKey: new Uint8Array(account.publicKey),
      chains: Object.freeze([...chains]),
      features: Object.freeze([...offered]),
    });

  const setAccounts = (next) => {
    accounts = next;
    for (const listener of [...listeners]) listener({ accounts });
  };

  const connect = async (input) => {
    const account = await ask('connect', { silent: Boolean(input?.silent) });
    if (account) setAccounts([toAccount(account)]);
    return { accounts };
  };

  const features = {
    'standard:connect': { version: '1.0.0', connect },
    'standard:disconnect': {
      version: '1.0.0',
      async disconnect() {
        await ask('disconnect', {});
        setAccounts([]);
      },
    },
    'standard:events': {
      version: '1.0.0',
      on(event, listener) {
        if (event !== 'change') return () => {};
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
  };
  if (offered.includes('solana:signIn')) {
    features['solana:signIn'] = {
      version: '1.0.0',
      async signIn(...inputs) {
        const outputs = [];
        for (const input of inputs) {
          // As Phantom does: the wallet fills in the domain (this page's host) when the app gives none.
          const filled = { ...input, domain: input.domain ?? window.location.host };
          const output = await ask('signIn', filled);
          const account = toAccount(output.account);
          setAccounts([account]);
          outputs.push({
            account,
            signedMessage: new Uint8Array(output.signedMessage),
            signature: new Uint8Array(output.signature),
            signatureType: 'ed25519',
          });
        }
        return outputs;
      },
    };
  }
  if (offered.includes('solana:signMessage')) {
    features['solana:signMessage'] = {
      version: '1.1.0',
      async signMessage(...inputs) {
        const outputs = [];
        for (const input of inputs) {
          const output = await ask('signMessage', {
            address: input.account.address,
            message: [...input.message],
          });
          outputs.push({
            signedMessage: new Uint8Array(output.signedMessage),
            signature: new Uint8Array(output.signature),
            signatureType: 'ed25519',
          });
        }
        return outputs;
      },
    };
  }

  const wallet = Object.freeze({
    version: '1.0.0',
    name,
    icon,
    chains: Object.freeze([...chains]),
    features: Object.freeze(features),
    get accounts() {
      return accounts;
    },
  });

  const register = () => {
    const callback = ({ register: registerWallet }) => registerWallet(wallet);
    window.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: callback }));
    window.addEventListener('wallet-standard:app-ready', ({ detail: api }) => callback(api));
  };
  // A test may register the wallet later, as an extension installed after the page loaded.
  window[registerName] = register;
  if (parameters.registerAtStart) register();
}
