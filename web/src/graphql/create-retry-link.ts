import { RetryLink } from '@apollo/client/link/retry';
import { isNetworkError } from './is-network-error';

/**
 * Retries operations that failed on the network: 5 attempts, 300 ms initial delay, growing.
 * `SignIn` is never re-sent: its nonce is consumed on the first arrival, so a
 * second copy could only fail, and would hide the first answer.
 */
export function createRetryLink(): RetryLink {
  return new RetryLink({
    delay: { initial: 300 },
    attempts: {
      max: 5,
      retryIf: (error, operation) =>
        !!error && isNetworkError(error) && operation.operationName !== 'SignIn',
    },
  });
}
