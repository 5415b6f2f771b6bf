import { useMutation, useQuery } from '@apollo/client';
import { useState } from 'react';
import {
  ConnectedAppsDocument,
  type ConnectedAppsQuery,
  RevokeAppDocument,
} from '../../graphql/generated/graphql';

export type ConnectedApp = NonNullable<ConnectedAppsQuery['me']>['connectedApps'][number];

/** The apps the account lets sign in with it, and revoking one (its grant and every token). */
export function useConnectedApps() {
  const query = useQuery(ConnectedAppsDocument, { fetchPolicy: 'cache-and-network' });
  const [revokeApp] = useMutation(RevokeAppDocument);
  const [revokingId, setRevokingId] = useState<string | null>(null);
  const [revokeFailed, setRevokeFailed] = useState(false);
  return {
    apps: query.data?.me?.connectedApps ?? [],
    loaded: query.data !== undefined,
    revokingId,
    revokeFailed,
    async revoke(clientId: string) {
      setRevokingId(clientId);
      setRevokeFailed(false);
      try {
        await revokeApp({
          variables: { clientId },
          refetchQueries: [ConnectedAppsDocument],
          awaitRefetchQueries: true,
        });
      } catch {
        setRevokeFailed(true);
      } finally {
        setRevokingId(null);
      }
    },
  };
}
