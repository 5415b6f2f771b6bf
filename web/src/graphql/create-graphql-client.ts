import {
  ApolloClient,
  from,
  HttpLink,
  InMemoryCache,
  type NormalizedCacheObject,
  split,
  type TypePolicies,
} from '@apollo/client';
import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { getMainDefinition, relayStylePagination } from '@apollo/client/utilities';
import { type AccountCacheStore, createAccountCacheStore } from './create-account-cache-store';
import { createRetryLink } from './create-retry-link';
import { createSubscriptionClient, type SubscriptionClient } from './create-subscription-client';

/** Everything the app talks to the server with: queries and mutations, subscriptions, the persisted cache. */
export type GraphqlClient = {
  apollo: ApolloClient<NormalizedCacheObject>;
  accountCache: AccountCacheStore;
  subscriptions: SubscriptionClient;
};

export type CreateGraphqlClientParameters = {
  /** @default '/graphql' on the page's origin */
  httpUrl?: string;
  /** @default ws(s)://<page host>/graphql */
  wsUrl?: string;
  /** @default globalThis.localStorage */
  storage?: Storage;
  /** @default globalThis.fetch */
  fetch?: typeof fetch;
};

/** How the cache identifies and merges Sigil's types (tests build caches with it too). */
export const cacheTypePolicies: TypePolicies = {
  Account: { fields: { signIns: relayStylePagination() } },
  // A wallet is its address on one chain (chainId null for an EOA, valid on every chain).
  Wallet: { keyFields: ['address', 'chainId'] },
};

function defaultWsUrl(): string {
  const { protocol, host } = globalThis.location;
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}/graphql`;
}

export function createGraphqlClient({
  httpUrl = '/graphql',
  wsUrl = defaultWsUrl(),
  storage,
  fetch: fetchImpl,
}: CreateGraphqlClientParameters = {}): GraphqlClient {
  const cache = new InMemoryCache({ typePolicies: cacheTypePolicies });
  const subscriptions = createSubscriptionClient({ url: wsUrl });
  // The session cookie is HttpOnly and same-origin: the browser attaches it, JS never sees it.
  const httpLink = new HttpLink({
    uri: httpUrl,
    credentials: 'same-origin',
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
  });
  const link = split(
    ({ query }) => {
      const definition = getMainDefinition(query);
      return definition.kind === 'OperationDefinition' && definition.operation === 'subscription';
    },
    new GraphQLWsLink(subscriptions.client),
    from([createRetryLink(), httpLink]),
  );
  const apollo = new ApolloClient({ cache, link });
  const accountCache = createAccountCacheStore({ cache, ...(storage ? { storage } : {}) });
  return { apollo, accountCache, subscriptions };
}
