import { ApolloError } from '@apollo/client';
import { ErrorCode } from '../graphql/generated/schema-enums';

/** Why and until when the account is suspended, as the server said with ACCOUNT_SUSPENDED. */
export type Suspension = { reason: string; until: string | null };

/** The ACCOUNT_SUSPENDED refusal in `error` (its `extensions.reason` and `until`), or null. */
export function readSuspension(error: unknown): Suspension | null {
  if (!(error instanceof ApolloError)) return null;
  for (const graphQLError of error.graphQLErrors) {
    const { code, reason, until } = graphQLError.extensions ?? {};
    if (code !== ErrorCode.AccountSuspended) continue;
    return {
      reason: typeof reason === 'string' ? reason : '',
      until: typeof until === 'string' ? until : null,
    };
  }
  return null;
}
