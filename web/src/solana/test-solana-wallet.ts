import { generateKeyPairSync, sign } from 'node:crypto';
import { encodeBase58 } from '@sigil/siwe';
import type { SolanaSignInInput, SolanaSignMessageInput } from '@solana/wallet-standard-features';
import { createSignInMessageText } from '@solana/wallet-standard-util';
import type { WalletAccount } from '@wallet-standard/base';
import type { SolanaSigningWallet } from './solana-wallet-features';

export type TestSolanaWallet = SolanaSigningWallet & {
  address: string;
  /** What the app asked for, in order. */
  calls: { method: string; input: unknown }[];
};

/**
 * A Wallet Standard wallet for unit tests, with a real Ed25519 key (Node's):
 * `solana:signIn` writes the message as Phantom does
 * (`createSignInMessageText`); `refuse` makes every request fail as a
 * person pressing Reject does (4001); `signature` replaces what it returns.
 */
export function createTestSolanaWallet({
  features = ['solana:signIn', 'solana:signMessage'],
  refuse = false,
  signature,
}: {
  features?: ('solana:signIn' | 'solana:signMessage')[];
  refuse?: boolean;
  signature?: Uint8Array;
} = {}): TestSolanaWallet {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const raw = new Uint8Array(Buffer.from(publicKey.export({ format: 'jwk' }).x ?? '', 'base64url'));
  const address = encodeBase58(raw);
  const account: WalletAccount = {
    address,
    publicKey: raw,
    chains: ['solana:mainnet'],
    features: [...features],
  };
  const calls: TestSolanaWallet['calls'] = [];
  const refusal = () => Object.assign(new Error('User rejected the request.'), { code: 4001 });
  const signed = (message: Uint8Array) => ({
    signedMessage: message,
    signature: signature ?? new Uint8Array(sign(null, message, privateKey)),
  });
  const walletFeatures: Record<string, unknown> = {
    'standard:connect': {
      version: '1.0.0',
      async connect(input?: unknown) {
        calls.push({ method: 'connect', input });
        if (refuse) throw refusal();
        return { accounts: [account] };
      },
    },
  };
  if (features.includes('solana:signIn')) {
    walletFeatures['solana:signIn'] = {
      version: '1.0.0',
      async signIn(...inputs: SolanaSignInInput[]) {
        calls.push({ method: 'signIn', input: inputs[0] });
        if (refuse) throw refusal();
        const text = createSignInMessageText({
          ...inputs[0],
          domain: inputs[0]?.domain ?? '',
          address,
        });
        return [{ account, ...signed(new TextEncoder().encode(text)) }];
      },
    };
  }
  if (features.includes('solana:signMessage')) {
    walletFeatures['solana:signMessage'] = {
      version: '1.1.0',
      async signMessage(...inputs: SolanaSignMessageInput[]) {
        calls.push({ method: 'signMessage', input: inputs[0] });
        if (refuse) throw refusal();
        return [signed(inputs[0]?.message ?? new Uint8Array())];
      },
    };
  }
  return {
    version: '1.0.0',
    name: 'Unit Test Solana Wallet',
    icon: 'data:image/svg+xml;base64,PHN2Zy8+',
    chains: ['solana:mainnet'],
    features: walletFeatures as SolanaSigningWallet['features'],
    accounts: [account],
    address,
    calls,
  };
}
