import type { PublicProfileQuery } from '../graphql/generated/graphql';
// Printed at build time with the `__typename`s Apollo Client asks for, so the answer can be
// written into Apollo's cache as if Apollo had fetched it, and the entry carries no printer.
import { PublicProfileOperation } from './generated/printed-operations';
import { postPrintedOperation } from './post-printed-operation';

const requests = new Map<string, Promise<PublicProfileQuery | undefined>>();

/**
 * The `publicProfile` of an address by one plain POST /graphql, before Apollo
 * Client has loaded: the first paint of `/u/<address>` shows the name and the
 * avatar from it, and the app then starts from it (seed-apollo-cache.ts
 * writes it into Apollo's cache). One request per address per page load (docs/web-app.md,
 * "First-visit delivery"). Never rejects: undefined when the request failed,
 * and the page, once loaded, asks again through Apollo and explains.
 */
export function requestPublicProfile(address: string): Promise<PublicProfileQuery | undefined> {
  let request = requests.get(address);
  if (!request) {
    request = postPrintedOperation<PublicProfileQuery>(PublicProfileOperation, { address }).catch(
      () => undefined,
    );
    requests.set(address, request);
  }
  return request;
}
