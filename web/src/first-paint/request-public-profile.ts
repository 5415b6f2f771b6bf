import { addTypenameToDocument } from '@apollo/client/utilities';
import { print } from 'graphql/language/printer';
import { PublicProfileDocument, type PublicProfileQuery } from '../graphql/generated/graphql';

/**
 * The PublicProfile query with the `__typename`s Apollo Client asks for, so
 * its answer can be written into Apollo's cache as if Apollo had fetched it.
 */
const publicProfileQuery = print(addTypenameToDocument(PublicProfileDocument));

const requests = new Map<string, Promise<PublicProfileQuery | undefined>>();

/**
 * The `publicProfile` of an address by one plain POST /graphql, before Apollo
 * Client has loaded: the first paint of `/u/<address>` shows the name and the
 * avatar from it, and the app then starts from it (main.tsx writes it into
 * Apollo's cache). One request per address per page load (docs/web-app.md,
 * "First-visit delivery"). Never rejects: undefined when the request failed,
 * and the page, once loaded, asks again through Apollo and explains.
 */
export function requestPublicProfile(address: string): Promise<PublicProfileQuery | undefined> {
  let request = requests.get(address);
  if (!request) {
    request = fetchPublicProfile(address).catch(() => undefined);
    requests.set(address, request);
  }
  return request;
}

async function fetchPublicProfile(address: string): Promise<PublicProfileQuery> {
  const response = await fetch('/graphql', {
    method: 'POST',
    credentials: 'same-origin',
    headers: {
      'content-type': 'application/json',
      accept: 'application/graphql-response+json, application/json',
    },
    body: JSON.stringify({
      operationName: 'PublicProfile',
      query: publicProfileQuery,
      variables: { address },
    }),
  });
  if (!response.ok) throw new Error(`publicProfile: the server answered ${response.status}`);
  const body = (await response.json()) as { data?: PublicProfileQuery; errors?: unknown[] };
  if (!body.data || body.errors?.length) throw new Error('publicProfile: the answer has errors');
  return body.data;
}
