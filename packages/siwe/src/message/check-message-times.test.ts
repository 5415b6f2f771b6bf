import { describe, expect, it } from 'vitest';
import {
  InvalidMessageError,
  MessageExpiredError,
  MessageNotYetValidError,
} from '../errors/siwe.js';
import { checkMessageTimes } from './check-message-times.js';

const now = new Date('2024-05-01T12:00:00.000Z');

describe('checkMessageTimes', () => {
  it('accepts a message without expiration or not-before time', () => {
    expect(() => checkMessageTimes({}, now)).not.toThrow();
  });

  it('accepts a message inside its validity window', () => {
    expect(() =>
      checkMessageTimes(
        { notBefore: '2024-05-01T11:00:00Z', expirationTime: '2024-05-01T13:00:00Z' },
        now,
      ),
    ).not.toThrow();
  });

  it('refuses a message that expired more than the clock skew ago', () => {
    expect(() => checkMessageTimes({ expirationTime: '2024-05-01T11:58:59Z' }, now)).toThrow(
      MessageExpiredError,
    );
  });

  it('treats an expiration exactly one skew ago as expired', () => {
    expect(() => checkMessageTimes({ expirationTime: '2024-05-01T11:59:00Z' }, now)).toThrow(
      MessageExpiredError,
    );
  });

  it('tolerates an expiration within the clock skew', () => {
    expect(() =>
      checkMessageTimes({ expirationTime: '2024-05-01T11:59:00.001Z' }, now),
    ).not.toThrow();
  });

  it('refuses an expiration at now when there is no skew', () => {
    expect(() => checkMessageTimes({ expirationTime: '2024-05-01T12:00:00Z' }, now, 0)).toThrow(
      MessageExpiredError,
    );
  });

  it('refuses a message whose not-before time is beyond the clock skew', () => {
    expect(() => checkMessageTimes({ notBefore: '2024-05-01T12:01:00.001Z' }, now)).toThrow(
      MessageNotYetValidError,
    );
  });

  it('tolerates a not-before time up to one skew ahead', () => {
    expect(() => checkMessageTimes({ notBefore: '2024-05-01T12:01:00Z' }, now)).not.toThrow();
  });

  it('compares times with offsets as the instants they name', () => {
    // 13:58:59+02:00 is 11:58:59Z: more than a minute before now.
    expect(() => checkMessageTimes({ expirationTime: '2024-05-01T13:58:59+02:00' }, now)).toThrow(
      MessageExpiredError,
    );
    // 08:00:30-04:00 is 12:00:30Z: within the skew.
    expect(() => checkMessageTimes({ notBefore: '2024-05-01T08:00:30-04:00' }, now)).not.toThrow();
  });

  it('reports the expired message with its code and time', () => {
    const error = (() => {
      try {
        checkMessageTimes({ expirationTime: '2021-01-05T00:00:00Z' }, now);
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toMatchObject({
      code: 'MESSAGE_EXPIRED',
      details: { expirationTime: '2021-01-05T00:00:00Z' },
    });
  });

  it('refuses a time that is not an RFC 3339 date-time', () => {
    expect(() => checkMessageTimes({ notBefore: '2025-02-31T17:09:38.578Z' }, now)).toThrow(
      InvalidMessageError,
    );
  });

  it('refuses an invalid now instead of letting every check pass', () => {
    expect(() =>
      checkMessageTimes({ expirationTime: '2021-01-05T00:00:00Z' }, new Date(Number.NaN)),
    ).toThrow(RangeError);
  });

  it('refuses a negative clock skew', () => {
    expect(() => checkMessageTimes({}, now, -1)).toThrow(RangeError);
  });
});
