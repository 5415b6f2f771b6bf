import { lazy } from 'react';

/**
 * The Solana wallet picker, its own chunk: nothing of it, of
 * `@wallet-standard/app` or of the message code is downloaded until someone
 * asks for a Solana wallet (docs/web-app.md, "Solana wallets").
 */
export const LazySolanaWalletDialog = lazy(() => import('./solana-wallet-dialog'));
