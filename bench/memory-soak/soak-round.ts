import { describeErrors, graphqlRequest } from '../../testing/graphql-client.js';
import { prepareSignedMessages } from '../sign-in/prepare-signed-messages.js';
import { SIGN_IN_MUTATION } from '../sign-in/sign-in-mutation.js';

const ME_QUERY = 'query Me { me { id address wallets { address chainId } } }';

export type SoakRoundResult = { signIns: number; failures: Record<string, number> };

/**
 * One round of the soak: `signIns` fresh accounts, each signing in, asking
 * `me` five times with its cookie, and signing out, `concurrency` at a time.
 */
export async function soakRound(
  url: string,
  signIns: number,
  concurrency: number,
): Promise<SoakRoundResult> {
  const signed = await prepareSignedMessages({ url, count: signIns });
  const origin = new URL(url).origin;
  const failures: Record<string, number> = {};
  const fail = (what: string) => {
    failures[what] = (failures[what] ?? 0) + 1;
  };
  let next = 0;
  const worker = async () => {
    while (next < signed.length) {
      const message = signed[next++];
      if (!message) break;
      const signIn = await graphqlRequest({
        url,
        query: SIGN_IN_MUTATION,
        variables: { message: message.message, signature: message.signature },
        origin,
      });
      const cookie = signIn.headers.getSetCookie()[0]?.split(';')[0];
      if (!signIn.data || !cookie) {
        fail(`signIn: ${describeErrors(signIn)}`);
        continue;
      }
      for (let i = 0; i < 5; i++) {
        const me = await graphqlRequest<{ me: { address: string } | null }>({
          url,
          query: ME_QUERY,
          origin,
          cookie,
        });
        if (me.data?.me?.address !== message.address) fail(`me: ${describeErrors(me)}`);
      }
      const signOut = await graphqlRequest({
        url,
        query: 'mutation SignOut { signOut }',
        origin,
        cookie,
      });
      if (!signOut.data) fail(`signOut: ${describeErrors(signOut)}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { signIns, failures };
}
