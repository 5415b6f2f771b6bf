import { MessageExpiredError, MessageNotYetValidError } from '../errors/siwe.js';
import { dateTimeToEpochMilliseconds } from './siwe-field-validators.js';
import type { SiweMessage } from './siwe-message.js';

/**
 * Checks the message's own validity window at `now`. Clocks of wallets and
 * servers drift, so both bounds are widened by `clockSkewSeconds`: a message
 * is expired once its expiration time is at or before now minus the skew, and
 * not yet valid while its not-before time is after now plus the skew. The
 * issued-at time is bounded by the nonce's lifetime, which is checked where
 * the nonce is.
 *
 * @throws MessageExpiredError, MessageNotYetValidError
 * @throws InvalidMessageError when a time is not an RFC 3339 date-time.
 */
export function checkMessageTimes(
  message: Pick<SiweMessage, 'expirationTime' | 'notBefore'>,
  now: Date,
  clockSkewSeconds = 60,
): void {
  const nowMilliseconds = now.getTime();
  if (Number.isNaN(nowMilliseconds)) throw new RangeError('now is not a valid Date');
  if (!(clockSkewSeconds >= 0 && Number.isFinite(clockSkewSeconds))) {
    throw new RangeError('clockSkewSeconds must be a finite number of seconds, 0 or more');
  }
  const skewMilliseconds = clockSkewSeconds * 1000;

  const { expirationTime, notBefore } = message;
  if (
    expirationTime !== undefined &&
    dateTimeToEpochMilliseconds(expirationTime, 'expiration time') <=
      nowMilliseconds - skewMilliseconds
  ) {
    throw new MessageExpiredError(`The message expired at ${expirationTime}.`, {
      details: { expirationTime },
    });
  }
  if (
    notBefore !== undefined &&
    dateTimeToEpochMilliseconds(notBefore, 'not-before time') > nowMilliseconds + skewMilliseconds
  ) {
    throw new MessageNotYetValidError(`The message is not valid before ${notBefore}.`, {
      details: { notBefore },
    });
  }
}
