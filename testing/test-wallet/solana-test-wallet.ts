import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { encodeBase58 } from '@sigil/siwe';
import { createSignInMessageText } from '@solana/wallet-standard-util';
import type { BrowserContext } from 'playwright-core';
import { type HeldApproval, UserApproval } from './user-approval.js';

/** What the page's binding resolves to: bindings lose error fields, so errors travel as data. */
type Answer = { result: unknown } | { error: { code: number; message: string } };

type Account = { address: string; publicKey: number[] };

/** The Solana features a wallet may offer to sign in with. */
export type SolanaSignInFeature = 'solana:signIn' | 'solana:signMessage';

export type InstallSolanaTestWalletParameters = {
  /** @default both: `['solana:signIn', 'solana:signMessage']` */
  features?: SolanaSignInFeature[];
  /**
   * @default true. False registers nothing until `register()`, as an
   * extension installed after the page loaded.
   */
  registerAtStart?: boolean;
  /** The same key as another context's wallet (the same person's wallet on a second device). */
  sameKeyAs?: SolanaTestWallet;
};

const PAGE_SOURCE = readFileSync(new URL('./solana-test-wallet-page.js', import.meta.url), 'utf8');
const BINDING_NAME = '__sigilSolanaTestWalletRequest';
const REGISTER_NAME = '__sigilSolanaTestWalletRegister';

const ICON = `data:image/svg+xml;base64,${Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#1b4d3e"/><path d="M8 11h14l2-3H10zm0 7h14l2-3H10zm0 7h14l2-3H10z" fill="#9be7c4"/></svg>',
).toString('base64')}`;

type Outcome = 'refuse' | 'fail';
type HoldableMethod = 'connect' | 'signIn' | 'signMessage';

/**
 * The Sigil Solana Test Wallet: a Wallet Standard wallet with an Ed25519 key,
 * standing in for Phantom as the Sigil Test Wallet stands in for MetaMask.
 * The page sees a wallet registered by the `wallet-standard:register-wallet`
 * protocol (solana-test-wallet-page.js) with `standard:connect`,
 * `standard:events`, and `solana:signIn` and/or `solana:signMessage`; this
 * controller, in the test process, holds the key (Node's Ed25519) and writes
 * a `solana:signIn` message as Phantom does, with
 * `@solana/wallet-standard-util`'s `createSignInMessageText` (the Solana
 * wallet-standard's reference text). One instance per browser context. The
 * user approves every request unless a test refuses or holds one.
 */
export class SolanaTestWallet {
  static readonly walletName = 'Sigil Solana Test Wallet';

  /** Every method the page asked for, in order. */
  readonly requests: string[] = [];
  /** Each message the wallet signed, as text, in order. */
  readonly signedMessages: string[] = [];
  #privateKey: KeyObject;
  #publicKey: Uint8Array;
  #connected = false;
  readonly #next: Outcome[] = [];
  readonly #approval = new UserApproval();

  private constructor(
    readonly context: BrowserContext,
    sameKeyAs: SolanaTestWallet | undefined,
  ) {
    if (sameKeyAs) {
      this.#privateKey = sameKeyAs.#privateKey;
      this.#publicKey = sameKeyAs.#publicKey;
    } else {
      const pair = generateKeyPairSync('ed25519');
      this.#privateKey = pair.privateKey;
      this.#publicKey = rawPublicKey(pair.publicKey);
    }
  }

  /** Installs the wallet into every page the context opens from now on. */
  static async install(
    context: BrowserContext,
    parameters: InstallSolanaTestWalletParameters = {},
  ): Promise<SolanaTestWallet> {
    const wallet = new SolanaTestWallet(context, parameters.sameKeyAs);
    await context.exposeBinding(
      BINDING_NAME,
      (_source, request: { method: string; params: unknown }) => wallet.#answer(request),
    );
    const features = parameters.features ?? ['solana:signIn', 'solana:signMessage'];
    const pageParameters = {
      name: SolanaTestWallet.walletName,
      icon: ICON,
      chains: ['solana:mainnet', 'solana:devnet', 'solana:testnet'],
      features,
      registerAtStart: parameters.registerAtStart ?? true,
      bindingName: BINDING_NAME,
      registerName: REGISTER_NAME,
    };
    await context.addInitScript({
      content: `${PAGE_SOURCE}\ninstallSolanaTestWallet(${JSON.stringify(pageParameters)});\n`,
    });
    return wallet;
  }

  /** The base58 address: the 32-byte Ed25519 public key. */
  get address(): string {
    return encodeBase58(this.#publicKey);
  }

  /** Registers the wallet in every open page now, as an extension installed after they loaded. */
  async register(): Promise<void> {
    await Promise.all(
      this.context.pages().map((page) => page.evaluate(`window.${REGISTER_NAME}()`)),
    );
  }

  /** The user presses Reject on the next request (connect or signature). */
  refuseNext(): void {
    this.#next.push('refuse');
  }

  /** The next signature fails inside the wallet. */
  failNext(): void {
    this.#next.push('fail');
  }

  /** Holds each request for `methods` until `release()`: the page shows its waiting state. */
  hold(...methods: HoldableMethod[]): HeldApproval {
    return this.#approval.hold(...methods);
  }

  async #answer(request: { method: string; params: unknown }): Promise<Answer> {
    this.requests.push(request.method);
    try {
      return { result: await this.#handle(request.method, request.params) };
    } catch (error) {
      const code = (error as { code?: number }).code ?? -32603;
      return { error: { code, message: (error as Error).message } };
    }
  }

  async #handle(method: string, params: unknown): Promise<unknown> {
    switch (method) {
      case 'connect': {
        const { silent } = params as { silent: boolean };
        if (silent && !this.#connected) return null;
        await this.#approval.of(method);
        this.#outcome();
        this.#connected = true;
        return this.#account();
      }
      case 'disconnect':
        this.#connected = false;
        return null;
      case 'signIn': {
        const input = params as Parameters<typeof createSignInMessageText>[0] & {
          address?: string;
        };
        if (input.address !== undefined && input.address !== this.address) {
          throw walletError(4100, `The requested account ${input.address} is not in this wallet.`);
        }
        await this.#approval.of(method);
        this.#outcome();
        this.#connected = true;
        const text = createSignInMessageText({ ...input, address: this.address });
        const signedMessage = new TextEncoder().encode(text);
        return { account: this.#account(), ...this.#sign(signedMessage) };
      }
      case 'signMessage': {
        const { address, message } = params as { address: string; message: number[] };
        if (!this.#connected || address !== this.address) {
          throw walletError(4100, `The requested account ${address} is not authorized.`);
        }
        await this.#approval.of(method);
        this.#outcome();
        return this.#sign(Uint8Array.from(message));
      }
      default:
        throw walletError(-32601, `${method} is not a method of this wallet.`);
    }
  }

  #outcome(): void {
    const outcome = this.#next.shift();
    if (outcome === 'refuse') throw walletError(4001, 'User rejected the request.');
    if (outcome === 'fail') throw walletError(-32603, 'Internal error: the signer failed.');
  }

  #sign(message: Uint8Array): { signedMessage: number[]; signature: number[] } {
    this.signedMessages.push(new TextDecoder().decode(message));
    const signature = sign(null, message, this.#privateKey);
    return { signedMessage: [...message], signature: [...signature] };
  }

  #account(): Account {
    return { address: this.address, publicKey: [...this.#publicKey] };
  }
}

function walletError(code: number, message: string): Error {
  return Object.assign(new Error(message), { code });
}

/** The 32 raw bytes of an Ed25519 public key (its JWK `x`). */
function rawPublicKey(key: KeyObject): Uint8Array {
  const { x } = key.export({ format: 'jwk' });
  if (!x) throw new Error('not an Ed25519 public key');
  return new Uint8Array(Buffer.from(x, 'base64url'));
}
