import { encodeBase58, formatSiwsMessage } from '@sigil/siwe';
import { isRefusal, SolanaSigningError } from './solana-signing-error';
import {
  SOLANA_SIGN_IN,
  SOLANA_SIGN_MESSAGE,
  type SolanaSigningWallet,
  STANDARD_CONNECT,
} from './solana-wallet-features';

export type SignWithSolanaWalletParameters = {
  wallet: SolanaSigningWallet;
  /** The server's domain and URI (`signInParameters`). */
  domain: string;
  uri: string;
  /** The sign-in statement, or the account's link statement. */
  statement: string;
  /** A cluster the server enables, as its name (`mainnet`): what Phantom writes. */
  chainId: string;
  nonce: string;
  /** The nonce's issue time by the server's clock (`serverIssuedAt`). */
  issuedAt: Date;
};

export type SignWithSolanaWalletReturnType = {
  /** The exact text the wallet signed, which the server parses and verifies. */
  message: string;
  /** Base58 of the 64-byte Ed25519 signature, as `signIn` and `linkWallet` take it. */
  signature: string;
  address: string;
};

/**
 * Asks a Solana wallet to sign a Sign In With Solana message (docs/sign-in.md,
 * "Solana wallets"). With `solana:signIn` the wallet writes the message from
 * the fields given (and picks the account); with only `solana:signMessage`
 * Sigil connects first and writes it with `formatSiwsMessage`. Either way what
 * goes to the server is the bytes the wallet says it signed, never a copy
 * written here: a wallet that changed them fails verification, not silently.
 *
 * @throws SolanaSigningError when the person refuses or the wallet fails.
 */
export async function signWithSolanaWallet({
  wallet,
  domain,
  uri,
  statement,
  chainId,
  nonce,
  issuedAt,
}: SignWithSolanaWalletParameters): Promise<SignWithSolanaWalletReturnType> {
  const fields = {
    domain,
    uri,
    statement,
    version: '1',
    chainId,
    nonce,
    issuedAt: issuedAt.toISOString(),
  } as const;
  try {
    const signIn = wallet.features[SOLANA_SIGN_IN];
    if (signIn) {
      const [output] = await signIn.signIn(fields);
      if (!output) throw new SolanaSigningError('solana:signIn returned nothing', false);
      return read(output.signedMessage, output.signature, output.account.address);
    }
    const connect = wallet.features[STANDARD_CONNECT];
    const signMessage = wallet.features[SOLANA_SIGN_MESSAGE];
    if (!connect || !signMessage) {
      throw new SolanaSigningError(`${wallet.name} offers neither signIn nor signMessage`, false);
    }
    const { accounts } = await connect.connect();
    const account = accounts.find((candidate) => candidate.features.includes(SOLANA_SIGN_MESSAGE));
    if (!account)
      throw new SolanaSigningError(`${wallet.name} gave no account to sign with`, false);
    const text = formatSiwsMessage({ ...fields, address: account.address });
    const [output] = await signMessage.signMessage({
      account,
      message: new TextEncoder().encode(text),
    });
    if (!output) throw new SolanaSigningError('solana:signMessage returned nothing', false);
    return read(output.signedMessage, output.signature, account.address);
  } catch (error) {
    if (error instanceof SolanaSigningError) throw error;
    throw new SolanaSigningError(
      error instanceof Error ? error.message : String(error),
      isRefusal(error),
      { cause: error },
    );
  }
}

function read(
  signedMessage: Uint8Array,
  signature: Uint8Array,
  address: string,
): SignWithSolanaWalletReturnType {
  if (signature.length !== 64) {
    throw new SolanaSigningError(`a signature of ${signature.length} bytes, not 64`, false);
  }
  let message: string;
  try {
    message = new TextDecoder('utf-8', { fatal: true }).decode(signedMessage);
  } catch (error) {
    throw new SolanaSigningError('the signed message is not UTF-8 text', false, { cause: error });
  }
  return { message, signature: encodeBase58(signature), address };
}
