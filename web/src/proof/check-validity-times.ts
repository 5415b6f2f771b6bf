import { checkMessageTimes, type SiweMessage } from '@sigil/siwe';

/** Where `now` falls against one of the message's validity bounds. */
export type TimeState = 'none' | 'holds' | 'expired' | 'not-yet-valid';

export type ValidityTimes = { expiration: TimeState; notBefore: TimeState };

/**
 * The message's expiration and not-before times against the visitor's clock, by the
 * server's own rule (`checkMessageTimes`), without its 60 s allowance for clock drift:
 * the visitor asks about this moment, not about a sign-in in flight.
 */
export function checkValidityTimes(
  message: Pick<SiweMessage, 'expirationTime' | 'notBefore'>,
  now: Date,
): ValidityTimes {
  const holds = (bound: Pick<SiweMessage, 'expirationTime' | 'notBefore'>) => {
    try {
      checkMessageTimes(bound, now, 0);
      return true;
    } catch {
      return false;
    }
  };
  return {
    expiration:
      message.expirationTime === undefined
        ? 'none'
        : holds({ expirationTime: message.expirationTime })
          ? 'holds'
          : 'expired',
    notBefore:
      message.notBefore === undefined
        ? 'none'
        : holds({ notBefore: message.notBefore })
          ? 'holds'
          : 'not-yet-valid',
  };
}
