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
  return (
    <ul className="proof-checks" data-testid="validity">
      <li data-testid="expiration" data-state={times.expiration}>
        <strong>Expiration time</strong>:{' '}
        {times.expiration === 'none'
          ? 'none: the message does not expire'
          : times.expiration === 'holds'
            ? `✓ valid until ${formatDateTime(expirationTime ?? '')}`
            : `✗ expired at ${formatDateTime(expirationTime ?? '')}`}
      </li>
      <li data-testid="not-before" data-state={times.notBefore}>
        <strong>Not before</strong>:{' '}
        {times.notBefore === 'none'
          ? 'none: valid from its issue'
          : times.notBefore === 'holds'
            ? `✓ valid since ${formatDateTime(notBefore ?? '')}`
            : `✗ not valid before ${formatDateTime(notBefore ?? '')}`}
      </li>
    </ul>
  );
}
