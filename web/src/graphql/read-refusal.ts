import { ApolloError } from '@apollo/client';
import { ErrorCode } from './generated/schema-enums';

/** The server's refusal of an operation: its stable `extensions.code`, and the wait it asks for. */
export type Refusal = { code: ErrorCode; retryAfterSeconds: number | null };

const ERROR_CODES: ReadonlySet<string> = new Set(Object.values(ErrorCode));

/** Whether `code` is one the schema's `enum ErrorCode` names. */
export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && ERROR_CODES.has(code);
}

/**
 * The first refusal the server gave in `error`, or null when the error is not the
 * server's answer (the network failed, the wallet refused, the code threw).
 * A code the schema does not name (a newer server's) is skipped like a missing one.
 */
export function readRefusal(error: unknown): Refusal | null {
  if (!(error instanceof ApolloError)) return null;
  for (const graphQLError of error.graphQLErrors) {
    const { code, retryAfterSeconds } = graphQLError.extensions ?? {};
    if (!isErrorCode(code)) continue;
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
