import type { PublicProfileQuery } from '../graphql/generated/graphql';
// Printed at build time with the `__typename`s Apollo Client asks for, so the answer can be
// written into Apollo's cache as if Apollo had fetched it, and the entry carries no printer.
import { PublicProfileOperation } from './generated/printed-operations';
import { postPrintedOperation } from './post-printed-operation';

type Answer = PublicProfileQuery | undefined;

/**
 * A promise React's `use` reads at once once it has settled: the fields React itself sets on a
 * promise it has waited for (`status`, `value`). Set here as soon as the answer is in, so a render
 * after that (main.tsx renders over a profile the server wrote into the HTML only then) never
 * suspends and never shows the loading line in place of the profile.
 */
type TrackedAnswer = Promise<Answer> & { status?: 'fulfilled'; value?: Answer };

const requests = new Map<string, TrackedAnswer>();

/**
 * The `publicProfile` of an address by one plain POST /graphql, before Apollo
 * Client has loaded: the first paint of `/u/<address>` shows the name and the
 * avatar from it, and the app then starts from it (seed-apollo-cache.ts
 * writes it into Apollo's cache). One request per address per page load (docs/web-app.md,
 * "First-visit delivery"). Never rejects: undefined when the request failed,
 * and the page, once loaded, asks again through Apollo and explains.
 */
export function requestPublicProfile(address: string): Promise<Answer> {
  let request = requests.get(address);
  if (!request) {
    const tracked: TrackedAnswer = postPrintedOperation<PublicProfileQuery>(
      PublicProfileOperation,
      { address },
    )
      .catch(() => undefined)
      .then((answer) => {
        tracked.status = 'fulfilled';
        tracked.value = answer;
        return answer;
      });
    request = tracked;
    requests.set(address, request);
  }
  return request;
}
