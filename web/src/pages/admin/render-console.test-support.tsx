import { ApolloClient, ApolloProvider, HttpLink, InMemoryCache } from '@apollo/client';
import { render } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { AuthStatus } from '../../auth/auth-status';
import { type Session, SessionContext } from '../../auth/session-context';
import { cacheTypePolicies } from '../../graphql/create-graphql-client';
import { createSchemaFetch } from '../../test/schema-fetch';
import { wagmiTestConfig } from '../../test/wagmi-test-config';
import { wagmiWrapper } from '../../test/wagmi-wrapper';
import AdminPage from './admin-page';

/** A refusal as the server sends it: `extensions.code`, and its own message. */
export const refusal = (code: string, message = code) =>
  new GraphQLError(message, { extensions: { code } });

export type RenderConsoleParameters = {
  path: string;
  /** Root fields as graphql-js reads them (`admin`, the mutations). */
  rootValue: Record<string, unknown>;
  status?: AuthStatus;
};

/**
 * The console at `path`, its documents executed against Sigil's real schema with the
 * given resolvers (test/schema-fetch.ts), as a signed-in account unless told otherwise.
 */
export function renderConsole({
  path,
  rootValue,
  status = 'authenticated',
}: RenderConsoleParameters) {
  const fetch = createSchemaFetch({ rootValue });
  const client = new ApolloClient({
    cache: new InMemoryCache({ typePolicies: cacheTypePolicies }),
    link: new HttpLink({ uri: '/graphql', fetch }),
  });
  const session: Session = {
    status,
    account: null,
    refresh: () => {},
    signOut: async () => {},
    linking: false,
    setLinking: () => {},
  };
  const location = memoryLocation({ path, record: true });
  // The sign-in prompt reads the wallet's state; no test here reaches a chain.
  const WithWagmi = wagmiWrapper(wagmiTestConfig());
  render(
    <WithWagmi>
      <ApolloProvider client={client}>
        <SessionContext.Provider value={session}>
          <Router hook={location.hook}>
            <AdminPage />
          </Router>
        </SessionContext.Provider>
      </ApolloProvider>
    </WithWagmi>,
  );
  return {
    location,
    /** The variables of every request of operation `name`, in order. */
    operations: (name: string) =>
      fetch.operations.filter((op) => op.operationName === name).map((op) => op.variables),
  };
}
