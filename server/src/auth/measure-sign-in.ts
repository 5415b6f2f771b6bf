import { performance } from 'node:perf_hooks';
import { SigilError } from '../errors.js';
import type { Metrics } from '../metrics/metrics.js';
import type { WalletKind } from './signature/verify-signature.js';

/**
 * Runs one sign-in attempt and reports its outcome and duration: `ok` with
 * the wallet kind, or the error code it is refused with (what the client
 * reads in `extensions.code`; anything unexpected is INTERNAL_SERVER_ERROR,
 * as mask-error.ts answers it).
 */
export async function measureSignIn<T extends { walletKind: WalletKind }>(
  metrics: Metrics,
  attempt: () => Promise<T>,
): Promise<T> {
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  try {
    const outcome = await attempt();
    metrics.signInFinished({ code: 'ok', walletKind: outcome.walletKind, seconds: seconds() });
    return outcome;
  } catch (error) {
    const code = error instanceof SigilError ? error.code : 'INTERNAL_SERVER_ERROR';
    metrics.signInFinished({ code, walletKind: undefined, seconds: seconds() });
    throw error;
  }
}
