import { Trans, useLingui } from '@lingui/react/macro';
import { useFormatter } from '../../format/use-formatter';
import type { ValidityTimes } from '../../proof/check-validity-times';

export type ValidityVerdictProps = {
  times: ValidityTimes;
  expirationTime: string | undefined;
  notBefore: string | undefined;
};

/** Whether the message is within its validity times, by this browser's clock. */
export function ValidityVerdict({ times, expirationTime, notBefore }: ValidityVerdictProps) {
  const { dateTime: formatDateTime } = useFormatter();
  const { t } = useLingui();
  const expiration = formatDateTime(expirationTime ?? '');
  const since = formatDateTime(notBefore ?? '');
  return (
    <ul className="proof-checks" data-testid="validity">
      <li data-testid="expiration" data-state={times.expiration}>
        <strong>
          <Trans>Expiration time</Trans>
        </strong>
        :{' '}
        {times.expiration === 'none'
          ? t`none: the message does not expire`
          : times.expiration === 'holds'
            ? t`✓ valid until ${expiration}`
            : t`✗ expired at ${expiration}`}
      </li>
      <li data-testid="not-before" data-state={times.notBefore}>
        <strong>
          <Trans>Not before</Trans>
        </strong>
        :{' '}
        {times.notBefore === 'none'
          ? t`none: valid from its issue`
          : times.notBefore === 'holds'
            ? t`✓ valid since ${since}`
            : t`✗ not valid before ${since}`}
      </li>
    </ul>
  );
}
