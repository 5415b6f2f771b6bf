import type { GraphqlClient } from '../graphql/create-graphql-client';
import {
  type AccountIdentityFragment,
  MeDocument,
  SignOutDocument,
} from '../graphql/generated/graphql';

export type SessionActions = {
  /** Records a verified sign-in: the cache now belongs to `account`, and the socket reopens as it. */
  completeSignIn(account: AccountIdentityFragment): Promise<void>;
  /**
   * Ends the session on the server (idempotent there) and forgets everything locally:
   * persisted and in-memory cache, socket identity. Concurrent calls share one run.
   */
  signOut(): Promise<void>;
};

export function createSessionActions({
  apollo,
  accountCache,
  subscriptions,
}: GraphqlClient): SessionActions {
  let signingOut: Promise<void> | null = null;

  const recordNobody = () => apollo.cache.writeQuery({ query: MeDocument, data: { me: null } });

  const signOut = async () => {
    try {
      await apollo.mutate({ mutation: SignOutDocument, fetchPolicy: 'no-cache' });
    } catch {
      // The local sign-out below must happen even when the server cannot be told:
      // the session then dies by its own idle timeout.
    }
    // First say nobody is signed in, so account views unmount before their data goes.
    recordNobody();
    await accountCache.purge();
    recordNobody();
    subscriptions.restart();
  };

  return {
    async completeSignIn(account) {
      // Keyed by the account's id: its address is the primary wallet's, which can change.
      const owner = accountCache.owner;
      if (owner !== null && owner !== account.id) await accountCache.purge();
      // Attach first: restoring a snapshot replaces the cache, and `me` must be the fresh answer.
      await accountCache.attach(account.id);
      apollo.cache.writeQuery({ query: MeDocument, data: { me: account } });
      subscriptions.restart();
    },
    signOut() {
      signingOut ??= signOut().finally(() => {
        signingOut = null;
      });
      return signingOut;
    },
  };
}
