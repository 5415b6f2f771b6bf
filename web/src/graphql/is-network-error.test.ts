import { describe, expect, it } from 'vitest';
import { isNetworkError } from './is-network-error';

const serverError = (statusCode: number) =>
  Object.assign(new Error('Response not successful'), { name: 'ServerError', statusCode });

describe('isNetworkError', () => {
  it('counts a fetch that never reached a server', () => {
    expect(isNetworkError(new TypeError('Failed to fetch'))).toBe(true);
  });

  it('counts gateway and overload answers (5xx)', () => {
    expect(isNetworkError(serverError(502))).toBe(true);
    expect(isNetworkError(serverError(503))).toBe(true);
  });

  it('does not count the server refusing the request (4xx)', () => {
    expect(isNetworkError(serverError(400))).toBe(false);
    expect(isNetworkError(serverError(429))).toBe(false);
  });

  it('does not count a request the app cancelled', () => {
    expect(isNetworkError(Object.assign(new Error('aborted'), { name: 'AbortError' }))).toBe(false);
  });

  it('does not count things that are not errors', () => {
    expect(isNetworkError(undefined)).toBe(false);
    expect(isNetworkError({ message: 'GraphQL error' })).toBe(false);
  });
});
