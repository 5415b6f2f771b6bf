import { type ApolloError, useMutation, useQuery } from '@apollo/client';
import { useEffect, useState } from 'react';
import { useSession } from '../../auth/session-context';
import {
  AccountPageDocument,
  type AccountPageQuery,
  RevokeSessionDocument,
} from '../../graphql/generated/graphql';
import { ErrorCode } from '../../graphql/generated/schema-enums';

export type AccountPageData = NonNullable<AccountPageQuery['me']>;

export type AccountPageState = {
  account: AccountPageData | null;
  loading: boolean;
  /** The page could not be loaded for another reason than the session ending. */
  failed: boolean;
  retry(): void;
  revoke(sessionId: string): Promise<void>;
  /** The session a revoke is in flight for. */
  revokingId: string | null;
  revokeFailed: boolean;
  loadMoreSignIns(): void;
  loadingMore: boolean;
};

function endedTheSession(error: ApolloError | undefined): boolean {
  return (
    error?.graphQLErrors.some(
      (graphQLError) => graphQLError.extensions?.code === ErrorCode.Unauthenticated,
    ) ?? false
  );
}

/** The account page's data: account, sessions, sign-in history; revoking and paging. */
export function useAccountPage(): AccountPageState {
  const { refresh } = useSession();
  const page = useQuery(AccountPageDocument, {
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });
  const [revokeSession] = useMutation(RevokeSessionDocument);
  const [revokingId, setRevokingId] = useState<string | null>(null);
  const [revokeFailed, setRevokeFailed] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);

  const sessionEnded = endedTheSession(page.error);
  useEffect(() => {
    // The server no longer knows this session: let `me` confirm, and the app signs out.
    if (sessionEnded) refresh();
  }, [sessionEnded, refresh]);

  const account = page.data?.me ?? null;
  return {
    account,
    loading: page.loading && !account,
    failed: page.error !== undefined && !sessionEnded && !account,
    retry: () => {
      page.refetch().catch(() => {});
    },
    async revoke(sessionId) {
      setRevokingId(sessionId);
      setRevokeFailed(false);
      try {
        await revokeSession({
          variables: { id: sessionId },
          refetchQueries: [AccountPageDocument],
          awaitRefetchQueries: true,
        });
      } catch {
        setRevokeFailed(true);
      } finally {
        setRevokingId(null);
      }
    },
    revokingId,
    revokeFailed,
    loadMoreSignIns() {
      const after = account?.signIns.pageInfo.endCursor;
      if (!after || loadingMore) return;
      setLoadingMore(true);
      page
        .fetchMore({ variables: { after } })
        .catch(() => {})
        .finally(() => setLoadingMore(false));
    },
    loadingMore,
  };
}
