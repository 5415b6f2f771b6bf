import { ApolloError } from '@apollo/client';

/** The server's refusal of an operation: its stable `extensions.code`, and the wait it asks for. */
export type Refusal = { code: string; retryAfterSeconds: number | null };

/**
 * The first refusal the server gave in `error`, or null when the error is not the
 * server's answer (the network failed, the wallet refused, the code threw).
 */
export function readRefusal(error: unknown): Refusal | null {
  if (!(error instanceof ApolloError)) return null;
  for (const graphQLError of error.graphQLErrors) {
    const { code, retryAfterSeconds } = graphQLError.extensions ?? {};
    if (typeof code !== 'string') continue;
    return {
      code,
      retryAfterSeconds:
        typeof retryAfterSeconds === 'number' && retryAfterSeconds > 0
          ? Math.ceil(retryAfterSeconds)
          : null,
    };
  }
  return null;
}
