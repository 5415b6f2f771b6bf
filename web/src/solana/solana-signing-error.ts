/** The wallet did not sign: the person refused (`rejected`), or the wallet failed or answered something unusable. */
export class SolanaSigningError extends Error {
  override readonly name = 'SolanaSigningError';

  constructor(
    details: string,
    readonly rejected: boolean,
    options?: { cause?: unknown },
  ) {
    super(`The Solana wallet did not sign: ${details}`, options);
  }
}

/**
 * Whether a wallet's error says the person refused. Wallets throw their own
 * errors: Phantom, Solflare and Backpack use EIP-1193's 4001 ("User rejected
 * the request."); some use a `WalletSignMessageError`-style name.
 */
export function isRefusal(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, name } = error as { code?: unknown; name?: unknown };
  return code === 4001 || (typeof name === 'string' && /reject/i.test(name));
}
