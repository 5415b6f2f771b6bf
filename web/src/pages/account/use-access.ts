import { useMutation, useQuery } from '@apollo/client';
import { useEffect, useState } from 'react';
import { useAccountEvents } from '../../auth/account-events-context';
import { useSecondsLeft } from '../../components/use-seconds-left';
import {
  AccountAccessDocument,
  type AccountAccessQuery,
  RefreshAccessDocument,
} from '../../graphql/generated/graphql';
import { readRefusal } from '../../graphql/read-refusal';
import type { AccessReport } from './access-report';

export type AccessState = {
  /** Null until the first answer. */
  report: AccessReport | null;
  roles: readonly string[];
  /** A "Check again" is running. */
  checking: boolean;
  /** Seconds the server asked to wait after RATE_LIMITED; 0 when a check may be asked now. */
  retryInSeconds: number;
  /** The last check failed for another reason than the rate limit. */
  checkFailed: boolean;
  checkAgain(): Promise<void>;
};

type Me = NonNullable<AccountAccessQuery['me']>;

/**
 * The account's roles and access report; "Check again" (`refreshAccess`, rate-limited like
 * sign-in); and a fresh report whenever the account's roles change elsewhere (`ROLES_CHANGED`).
 */
export function useAccess(): AccessState {
  const query = useQuery(AccountAccessDocument, { fetchPolicy: 'cache-and-network' });
  const [refreshAccess] = useMutation(RefreshAccessDocument);
  const [checking, setChecking] = useState(false);
  const [checkFailed, setCheckFailed] = useState(false);
  const [retryAfter, setRetryAfter] = useState<number | null>(null);
  const retryInSeconds = useSecondsLeft(retryAfter);

  // The event carries the new roles but not the balances behind them: read the report again.
  const latest = useAccountEvents()[0];
  const { refetch } = query;
  useEffect(() => {
    if (latest?.type === 'ROLES_CHANGED') refetch().catch(() => {});
  }, [latest, refetch]);

  const me: Me | null = query.data?.me ?? null;
  return {
    report: me?.access ?? null,
    roles: me?.roles ?? [],
    checking,
    retryInSeconds,
    checkFailed,
    async checkAgain() {
      setChecking(true);
      setCheckFailed(false);
      setRetryAfter(null);
      try {
        await refreshAccess({
          // The report is the account's: it replaces the one the page shows without another read.
          update(cache, { data }) {
            if (!me || !data) return;
            cache.writeQuery({
              query: AccountAccessDocument,
              data: { me: { ...me, access: data.refreshAccess } },
            });
          },
        });
      } catch (error) {
        const refusal = readRefusal(error);
        if (refusal?.code === 'RATE_LIMITED') {
          setRetryAfter(Date.now() + (refusal.retryAfterSeconds ?? 60) * 1000);
        } else {
          setCheckFailed(true);
        }
      } finally {
        setChecking(false);
      }
    },
  };
}
