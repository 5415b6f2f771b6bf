import { ApolloClient, ApolloProvider, HttpLink, InMemoryCache } from '@apollo/client';
import { render, screen, waitFor } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createSchemaFetch } from '../test/schema-fetch';
import { ConsoleLink } from './console-link';

function renderLink(admin: () => unknown) {
  const client = new ApolloClient({
    cache: new InMemoryCache(),
    link: new HttpLink({ uri: '/graphql', fetch: createSchemaFetch({ rootValue: { admin } }) }),
  });
  render(
    <ApolloProvider client={client}>
      <Router hook={memoryLocation({ path: '/account' }).hook}>
        <nav aria-label="Main">
          <ConsoleLink />
        </nav>
      </Router>
    </ApolloProvider>,
  );
  return client;
}

describe('ConsoleLink', () => {
  it('links an administrator to the console', async () => {
    renderLink(() => ({}));
    const link = await screen.findByRole('link', { name: 'Console' });
    expect(link.getAttribute('href')).toBe('/admin');
  });

  it('shows nothing to an account the server refuses the console (FORBIDDEN)', async () => {
    const client = renderLink(() => {
      throw new GraphQLError('Only administrators may do this.', {
        extensions: { code: 'FORBIDDEN' },
      });
    });
    // The gate has answered (with its refusal) before the navigation is read.
    await waitFor(() => {
      const [gate] = client.getObservableQueries('active').values();
      expect(gate?.getCurrentResult().error?.graphQLErrors[0]?.extensions?.code).toBe('FORBIDDEN');
    });
    expect(screen.getByRole('navigation', { name: 'Main' }).textContent).toBe('');
  });
});
