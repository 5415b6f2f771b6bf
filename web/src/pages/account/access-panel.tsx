import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { RuntimeChain } from '../../app/runtime-config';
import { describeWait } from '../../components/describe-wait';
import { Link } from '../../components/link';
import { useFormatter } from '../../format/use-formatter';
import { useNow } from '../../format/use-now';
import { adminPath } from '../admin/admin-paths';
import type { AccessReport, RequirementResult } from './access-report';
import { AccessRuleItem } from './access-rule-item';
import { describeRequirement, type TokenFacts } from './describe-requirement';

const STALE_MESSAGE = msg`Some chains did not answer; showing the last known balances.`;
const CHECK_RATE_LIMIT_MESSAGE = msg`Too many checks from this connection.`;
const CHECK_FAILED_MESSAGE = msg`The chains could not be checked just now. Please try again.`;

export type AccessPanelProps = {
  report: AccessReport;
  /** Every role the account holds: from the rules, from an administrator, and `admin`. */
  roles: readonly string[];
  chains: readonly RuntimeChain[];
  tokenFacts(requirement: RequirementResult): TokenFacts | null;
  /** The ERC-20 contracts' decimals and symbols are being read. */
  readingTokens: boolean;
  /** A check asked for by "Check again" is running. */
  checking: boolean;
  /** Seconds until the server takes another check (RATE_LIMITED); 0 when it would now. */
  retryInSeconds: number;
  /** The last "Check again" failed for another reason than the rate limit. */
  checkFailed: boolean;
  onCheckAgain(): void;
};

/** The account's roles and how it fares against each access rule (docs/access.md). */
export function AccessPanel({
  report,
  roles,
  chains,
  tokenFacts,
  readingTokens,
  checking,
  retryInSeconds,
  checkFailed,
  onCheckAgain,
}: AccessPanelProps) {
  const now = useNow(30_000);
  const format = useFormatter();
  const ruleRoles = new Set(report.rules.map((rule) => rule.role));
  const otherRoles = roles.filter((role) => !ruleRoles.has(role));
  const { t, i18n } = useLingui();
  const roleList = otherRoles.map((role, index) => (
    <span key={role}>
      {index > 0 ? t({ message: ', ', comment: 'Between two role names in a list' }) : null}
      <strong>{role}</strong>
    </span>
  ));
  return (
    <section className="card" aria-labelledby="access-title" data-testid="access-section">
      <h2 id="access-title">
        <Trans>Access</Trans>
      </h2>
      {report.rules.length > 0 ? (
        <>
          <p className="muted">
            <Trans>
              Roles follow what your linked wallets hold; apps you sign in to with Sigil can ask for
              them.
            </Trans>
          </p>
          <p className="row-meta" data-testid="access-checked-at">
            {report.checkedAt ? (
              <Trans>
                Checked{' '}
                <time dateTime={report.checkedAt} title={format.dateTime(report.checkedAt)}>
                  {format.relativeTime(report.checkedAt, now)}
                </time>
                .
              </Trans>
            ) : (
              t`Not checked yet.`
            )}
          </p>
          {report.stale ? (
            <p className="access-stale" role="status" data-testid="access-stale">
              {i18n._(STALE_MESSAGE)}
            </p>
          ) : null}
          <ul className="access-rules">
            {report.rules.map((rule) => (
              <AccessRuleItem
                key={rule.role}
                rule={rule}
                describe={(requirement) =>
                  describeRequirement({
                    requirement,
                    chains,
                    token: tokenFacts(requirement),
                    format,
                  })
                }
                reading={(requirement) => readingTokens && requirement.type === 'ERC20'}
              />
            ))}
          </ul>
        </>
      ) : null}
      {otherRoles.length > 0 ? (
        <p data-testid="access-other-roles">
          {report.rules.length > 0 ? (
            <Trans>Also yours, given by an administrator: {roleList}.</Trans>
          ) : (
            <Trans>Your roles, given by an administrator: {roleList}.</Trans>
          )}
        </p>
      ) : null}
      {roles.includes('admin') ? (
        <p data-testid="access-console-link">
          <Trans>
            You are an administrator: <Link to={adminPath('overview')}>open the console</Link>.
          </Trans>
        </p>
      ) : null}
      {retryInSeconds > 0 ? (
        <p className="inline-error" role="alert" data-testid="access-error">
          {i18n._(CHECK_RATE_LIMIT_MESSAGE)} {describeWait(retryInSeconds)}
        </p>
      ) : checkFailed ? (
        <p className="inline-error" role="alert" data-testid="access-error">
          {i18n._(CHECK_FAILED_MESSAGE)}
        </p>
      ) : null}
      {report.rules.length > 0 ? (
        <div className="actions">
          <button
            type="button"
            className="button button-secondary"
            onClick={onCheckAgain}
            disabled={checking || retryInSeconds > 0}
            aria-busy={checking}
          >
            {checking ? t`Checking…` : t`Check again`}
          </button>
        </div>
      ) : null}
    </section>
  );
}
