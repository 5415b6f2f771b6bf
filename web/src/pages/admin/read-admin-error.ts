import { ApolloError } from '@apollo/client';
import { i18n } from '@lingui/core';
import { GENERIC_ERROR_MESSAGE } from '../../auth/sign-in-step-messages';
import { ErrorCode } from '../../graphql/generated/schema-enums';
import { readRefusal } from '../../graphql/read-refusal';

/** Whether the server refused the console to this viewer, and why. */
export type ConsoleRefusal = 'forbidden' | 'unauthenticated' | null;

export function consoleRefusalOf(error: unknown): ConsoleRefusal {
  const code = readRefusal(error)?.code;
  if (code === 'FORBIDDEN') return 'forbidden';
  if (code === 'UNAUTHENTICATED') return 'unauthenticated';
  return null;
}

/**
 * The server's own words for a refusal ("an administrator cannot suspend their own
 * account"), which are meant for the administrator (the API stays in English); the
 * generic message in the page's language otherwise (a network failure, a masked
 * internal error). Called while rendering, so the active locale is the page's.
 */
export function serverMessageOf(error: unknown): string {
  if (error instanceof ApolloError) {
    const refused = error.graphQLErrors.find(
      (graphQLError) =>
        typeof graphQLError.extensions?.code === 'string' &&
        graphQLError.extensions.code !== ErrorCode.InternalServerError,
    );
    if (refused?.message) return refused.message;
  }
  return i18n._(GENERIC_ERROR_MESSAGE);
}
