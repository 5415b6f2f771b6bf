import { ApolloError } from '@apollo/client';
import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { readRefusal } from './read-refusal';

const refused = (...codes: unknown[]) =>
  new ApolloError({
    graphQLErrors: codes.map(
      (code) => new GraphQLError('refused', { extensions: { code, retryAfterSeconds: 2.5 } }),
    ),
  });

describe('readRefusal', () => {
  it('answers a code of the schema’s enum ErrorCode, with the wait rounded up', () => {
    expect(readRefusal(refused('RATE_LIMITED'))).toEqual({
      code: 'RATE_LIMITED',
      retryAfterSeconds: 3,
    });
  });

  it('skips a code the schema does not name', () => {
    expect(readRefusal(refused('NOT_A_CODE', 'LAST_WALLET'))?.code).toBe('LAST_WALLET');
    expect(readRefusal(refused('NOT_A_CODE'))).toBeNull();
  });
});
