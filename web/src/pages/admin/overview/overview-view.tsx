import { useQuery } from '@apollo/client';
import { Trans, useLingui } from '@lingui/react/macro';
import { useFormatter } from '../../../format/use-formatter';
import { AdminOverviewDocument } from '../../../graphql/generated/graphql';
import { PageHeading } from '../../page-heading';
import { ConsoleError } from '../console-error';
import { ConsoleLoading } from '../console-loading';
import { serverMessageOf } from '../read-admin-error';
import { SignInsChart } from './sign-ins-chart';

/** docs/administration.md: the chart covers the last 30 UTC days, today included. */
export const CHART_DAYS = 30;

/** The four figures and the sign-ins of the last 30 days. */
export function OverviewView() {
  const { t } = useLingui();
  const { data, error, loading } = useQuery(AdminOverviewDocument, {
    variables: { days: CHART_DAYS },
    fetchPolicy: 'no-cache',
  });
  const stats = data?.admin?.stats;
  return (
    <section className="page" aria-labelledby="page-title">
      <PageHeading title={t`Administration`}>{t`Overview`}</PageHeading>
      {loading && !stats ? <ConsoleLoading /> : null}
      <ConsoleError message={error && serverMessageOf(error)} />
      {stats ? (
        <>
          <dl className="admin-figures">
            <Figure label={t`Accounts`} value={stats.accounts} />
            <Figure label={t`Active sessions`} value={stats.activeSessions} />
            <Figure label={t`Sign-ins, last 24 hours`} value={stats.signInsLast24Hours} />
            <Figure label={t`Suspended accounts`} value={stats.suspendedAccounts} />
          </dl>
          <section className="card" aria-labelledby="sign-ins-heading">
            <h2 id="sign-ins-heading">
              <Trans>Sign-ins per day, last {CHART_DAYS} days</Trans>
            </h2>
            <SignInsChart days={stats.signInsByDay} />
          </section>
        </>
      ) : null}
    </section>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  const format = useFormatter();
  return (
    <div className="admin-figure" data-testid="admin-figure">
      <dt>{label}</dt>
      <dd>{format.number(value)}</dd>
    </div>
  );
}
