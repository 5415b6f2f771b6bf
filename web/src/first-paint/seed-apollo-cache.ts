import type { GraphqlClient } from '../graphql/create-graphql-client';
import { MeDocument, PublicProfileDocument } from '../graphql/generated/graphql';
import { profileAddressOf } from './first-paint-page';
import { meAnsweredSoFar } from './request-me';
import { requestPublicProfile } from './request-public-profile';

/** What the first paint's answers put in Apollo's cache. */
export type SeededAnswers = {
  /** `me` is this page load's answer from the server: the app starts from it rather than asking again. */
  me: boolean;
};

/**
 * Writes what the entry fetched for `path` into Apollo's cache, so the app
 * starts from it rather than asking again: a public profile on
 * `/u/<address>` (the first paint waited for it), and `me` if it has already
 * answered (main.tsx asks at once; the app does not wait for it). Loaded
 * with the wallet stack: the entry itself never holds a parsed document.
 */
export async function seedApolloCache(
  graphql: GraphqlClient,
  path: string,
): Promise<SeededAnswers> {
  const address = profileAddressOf(path);
  const profile = address === null ? undefined : await requestPublicProfile(address);
  if (address !== null && profile) {
    graphql.apollo.writeQuery({
      query: PublicProfileDocument,
      variables: { address },
      data: profile,
    });
  }
  const me = meAnsweredSoFar();
  if (me) graphql.apollo.writeQuery({ query: MeDocument, data: me });
  return { me: me !== undefined };
}
