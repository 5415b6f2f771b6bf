import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { BrowserContext } from 'playwright-core';
import {
  type Address,
  createWalletClient,
  getAddress,
  type Hex,
  hexToBigInt,
  http,
  isHex,
  numberToHex,
} from 'viem';
import { type LocalAccount, mnemonicToAccount } from 'viem/accounts';
import { JsonRpcError, jsonRpc } from '../json-rpc.js';
import { type HeldApproval, UserApproval } from './user-approval.js';

/** What the page's binding resolves to: bindings lose error fields, so errors travel as data. */
type TestWalletAnswer =
  | { result: unknown }
  | { error: { code: number; message: string; data?: unknown } };

/** Hardhat's default accounts come from this well-known, test-only mnemonic. */
export const HARDHAT_MNEMONIC = 'test test test test test test test test test test test junk';

export type TestWalletChain = { id: number; rpcUrl: string };

export type InstallTestWalletParameters = {
  /** Chains the wallet knows at start; any other must come through `wallet_addEthereumChain`. */
  chains: TestWalletChain[];
  /** @default the first of `chains` */
  chainId?: number;
  /** Index into Hardhat's default accounts. @default 0 */
  accountIndex?: number;
  /** A key of the caller's own instead (a fresh one makes every sign-in a newcomer's). */
  account?: LocalAccount;
};

/** The page half, a plain script: see test-wallet-provider.js. */
const PROVIDER_SOURCE = readFileSync(new URL('./test-wallet-provider.js', import.meta.url), 'utf8');
const BINDING_NAME = '__sigilTestWalletRequest';
const EMITTER_NAME = '__sigilTestWalletEmit';

const ICON = `data:image/svg+xml;base64,${Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#4c2a85"/><path d="M9 22 16 8l7 14z" fill="#f4c430"/></svg>',
).toString('base64')}`;

type SignatureOutcome = 'reject' | 'fail';
type HoldableMethod =
  | 'eth_requestAccounts'
  | 'wallet_requestPermissions'
  | 'eth_accounts'
  | 'personal_sign';

/**
 * The Sigil Test Wallet: a test double for a browser wallet extension, the
 * one fake of the end-to-end suite and the wallet the timing bench signs in
 * with. The page sees an EIP-1193 provider announced by EIP-6963
 * (`installTestWalletProvider`); this controller, in the test process,
 * answers its requests with a viem local account (by default derived from
 * Hardhat's default mnemonic) and forwards everything else to the current
 * chain's real Hardhat node. One instance per browser context, as an
 * extension is per browser profile. Unless a test holds or fails a request on
 * purpose, it answers as fast as it can.
 */
export class TestWallet {
  static readonly info = {
    name: 'Sigil Test Wallet',
    rdns: 'dev.sigil.testwallet',
    icon: ICON,
  } as const;

  /** Every method the page asked for, in order. */
  readonly requests: string[] = [];
  #signatureRequests = 0;
  readonly #chains = new Map<number, string>();
  #chainId: number;
  #account: LocalAccount;
  /** Whether the app's origin was granted the accounts (eth_requestAccounts). */
  #authorized = false;
  readonly #nextSignatures: SignatureOutcome[] = [];
  readonly #approval = new UserApproval();

  private constructor(
    readonly context: BrowserContext,
    parameters: InstallTestWalletParameters,
  ) {
    for (const chain of parameters.chains) this.#chains.set(chain.id, chain.rpcUrl);
    const first = parameters.chains[0];
    if (!first) throw new Error('TestWallet needs at least one chain');
    this.#chainId = parameters.chainId ?? first.id;
    if (!this.#chains.has(this.#chainId)) throw new Error(`chain ${this.#chainId} is not known`);
    this.#account = parameters.account ?? hardhatAccount(parameters.accountIndex ?? 0);
  }

  /** Installs the wallet into every page the context opens from now on. */
  static async install(
    context: BrowserContext,
    parameters: InstallTestWalletParameters,
  ): Promise<TestWallet> {
    const wallet = new TestWallet(context, parameters);
    await context.exposeBinding(
      BINDING_NAME,
      (_source, request: { method: string; params: unknown }) => wallet.#answer(request),
    );
    const providerParameters = {
      info: { uuid: randomUUID(), ...TestWallet.info },
      bindingName: BINDING_NAME,
      emitterName: EMITTER_NAME,
    };
    await context.addInitScript({
      content: `${PROVIDER_SOURCE}\ninstallTestWalletProvider(${JSON.stringify(providerParameters)});\n`,
    });
    return wallet;
  }

  get address(): Address {
    return this.#account.address;
  }

  get chainId(): number {
    return this.#chainId;
  }

  /** personal_sign and eth_signTypedData_v4 requests so far, answered or not. */
  get signatureRequests(): number {
    return this.#signatureRequests;
  }

  /** The next signature request fails as if the user pressed Reject (EIP-1193 4001). */
  rejectNextSignature(): void {
    this.#nextSignatures.push('reject');
  }

  /** The next signature request fails inside the wallet (JSON-RPC -32603). */
  failNextSignature(): void {
    this.#nextSignatures.push('fail');
  }

  /**
   * The user picks another account in the wallet: one of Hardhat's default
   * accounts by index, or a key of the caller's own. Told to the page only
   * while the page is connected, as a real wallet does.
   */
  async switchAccount(account: number | LocalAccount): Promise<void> {
    this.#account = typeof account === 'number' ? hardhatAccount(account) : account;
    if (this.#authorized) await this.#emit('accountsChanged', [this.#account.address]);
  }

  /** The user picks another network in the wallet. */
  async switchChain(chainId: number): Promise<void> {
    if (!this.#chains.has(chainId)) throw new Error(`chain ${chainId} is not known to the wallet`);
    await this.#setChain(chainId);
  }

  /** The user disconnects the site from inside the wallet. */
  async disconnectFromApp(): Promise<void> {
    this.#authorized = false;
    await this.#emit('accountsChanged', []);
    await this.#emit('disconnect', { code: 4900, message: 'Disconnected from the app.' });
  }

  /**
   * Holds every request for one of `methods` until `release()`, as a user who
   * has not yet clicked in the wallet's popup: the page shows its waiting
   * state meanwhile.
   */
  hold(...methods: HoldableMethod[]): HeldApproval {
    return this.#approval.hold(...methods);
  }

  /** Holds the connection approval, whichever request (EIP-1102 or EIP-2255) asks for it. */
  holdConnectionApproval(): HeldApproval {
    return this.hold('eth_requestAccounts', 'wallet_requestPermissions');
  }

  /**
   * The user sends ETH from the wallet itself: a real transaction on the
   * current chain's node. Resolves with its hash once it is mined.
   */
  async transfer(to: Address, value: bigint): Promise<Hex> {
    const hash = await this.#sendTransaction({
      from: this.#account.address,
      to,
      value: numberToHex(value),
    });
    await this.#forwardUntil('eth_getTransactionReceipt', [hash]);
    return hash;
  }

  async #answer(request: { method: string; params: unknown }): Promise<TestWalletAnswer> {
    this.requests.push(request.method);
    try {
      const params = Array.isArray(request.params) ? request.params : [];
      return { result: await this.#handle(request.method, params) };
    } catch (error) {
      if (error instanceof JsonRpcError) {
        return { error: { code: error.code, message: error.message } };
      }
      return { error: { code: -32603, message: (error as Error).message ?? String(error) } };
    }
  }

  async #handle(method: string, params: unknown[]): Promise<unknown> {
    switch (method) {
      case 'eth_requestAccounts':
        await this.#approval.of(method);
        this.#authorized = true;
        return [this.#account.address];
      case 'eth_accounts':
        await this.#approval.of(method);
        return this.#authorized ? [this.#account.address] : [];
      case 'wallet_requestPermissions':
        await this.#approval.of(method);
        this.#authorized = true;
        return [this.#permission()];
      case 'wallet_getPermissions':
        return this.#authorized ? [this.#permission()] : [];
      case 'wallet_revokePermissions':
        this.#authorized = false;
        await this.#emit('accountsChanged', []);
        return null;
      case 'eth_chainId':
        return numberToHex(this.#chainId);
      case 'net_version':
        return String(this.#chainId);
      case 'wallet_switchEthereumChain': {
        const chainId = Number((params[0] as { chainId: Hex }).chainId);
        if (!this.#chains.has(chainId)) {
          throw new JsonRpcError(4902, `Unrecognized chain ID ${chainId}. Try adding the chain.`);
        }
        await this.#setChain(chainId);
        return null;
      }
      case 'wallet_addEthereumChain': {
        const added = params[0] as { chainId: Hex; rpcUrls?: string[] };
        const chainId = Number(added.chainId);
        const rpcUrl = added.rpcUrls?.[0];
        if (!this.#chains.has(chainId)) {
          if (!rpcUrl) throw new JsonRpcError(-32602, 'wallet_addEthereumChain needs rpcUrls');
          this.#chains.set(chainId, rpcUrl);
        }
        // Like MetaMask, approving the new network also switches to it.
        await this.#setChain(chainId);
        return null;
      }
      case 'personal_sign': {
        const [data, address] = params as [Hex | string, Address];
        await this.#beforeSignature(address);
        await this.#approval.of(method);
        const message = isHex(data) ? { raw: data } : data;
        return this.#account.signMessage({ message });
      }
      case 'eth_signTypedData_v4': {
        const [address, typedData] = params as [Address, string];
        await this.#beforeSignature(address);
        return this.#account.signTypedData(JSON.parse(typedData));
      }
      case 'eth_sendTransaction':
        return this.#sendTransaction(params[0] as TransactionRequest);
      default:
        return this.#forward(method, params);
    }
  }

  #permission() {
    return {
      parentCapability: 'eth_accounts',
      caveats: [{ type: 'restrictReturnedAccounts', value: [this.#account.address] }],
    };
  }

  async #beforeSignature(address: Address): Promise<void> {
    this.#signatureRequests += 1;
    if (!this.#authorized || getAddress(address) !== this.#account.address) {
      throw new JsonRpcError(4100, `The requested account ${address} is not authorized.`);
    }
    const outcome = this.#nextSignatures.shift();
    if (outcome === 'reject') throw new JsonRpcError(4001, 'User rejected the request.');
    if (outcome === 'fail') throw new JsonRpcError(-32603, 'Internal error: the signer failed.');
  }

  async #sendTransaction(request: TransactionRequest): Promise<Hex> {
    if (!this.#authorized || getAddress(request.from) !== this.#account.address) {
      throw new JsonRpcError(4100, `The requested account ${request.from} is not authorized.`);
    }
    // Sign here and send raw, as a wallet does: the node never holds the key.
    const client = createWalletClient({ account: this.#account, transport: http(this.#rpcUrl()) });
    return client.sendTransaction({
      chain: null,
      to: request.to ?? null,
      data: request.data,
      value: request.value ? hexToBigInt(request.value) : undefined,
      gas: request.gas ? hexToBigInt(request.gas) : undefined,
    });
  }

  #forward(method: string, params: unknown[]): Promise<unknown> {
    return jsonRpc(this.#rpcUrl(), method, params);
  }

  /** Asks the node until it answers something other than null (Hardhat automines). */
  async #forwardUntil(method: string, params: unknown[], timeoutMs = 10_000): Promise<unknown> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const result = await this.#forward(method, params);
      if (result !== null) return result;
      if (Date.now() > deadline) throw new Error(`${method} still null after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  #rpcUrl(): string {
    const url = this.#chains.get(this.#chainId);
    if (!url) throw new JsonRpcError(4901, `chain ${this.#chainId} is not connected`);
    return url;
  }

  async #setChain(chainId: number): Promise<void> {
    if (chainId === this.#chainId) return;
    this.#chainId = chainId;
    await this.#emit('chainChanged', numberToHex(chainId));
  }

  async #emit(event: string, payload: unknown): Promise<void> {
    // A string, not a function: nothing the test runner compiles reaches the page.
    const script = `window.${EMITTER_NAME}?.(${JSON.stringify(event)}, ${JSON.stringify(payload)})`;
    await Promise.all(
      this.context.pages().map((page) =>
        // A page that is closing or navigating has no listeners left to tell.
        page.evaluate(script).catch(() => undefined),
      ),
    );
  }
}

type TransactionRequest = {
  from: Address;
  to?: Address;
  data?: Hex;
  value?: Hex;
  gas?: Hex;
};

function hardhatAccount(index: number): LocalAccount {
  return mnemonicToAccount(HARDHAT_MNEMONIC, { addressIndex: index });
}
