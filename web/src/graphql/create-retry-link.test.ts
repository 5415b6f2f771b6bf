import { ApolloLink, execute, Observable } from '@apollo/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRetryLink } from './create-retry-link';
import { CreateNonceDocument, MeDocument, SignInDocument } from './generated/graphql';

function serverError(statusCode: number): Error {
  return Object.assign(new Error(`Response not successful: ${statusCode}`), {
    name: 'ServerError',
    statusCode,
  });
}

/** A terminating link that fails with `error` every time, counting the attempts. */
function failingLink(error: () => Error) {
  const link = new ApolloLink(() => {
    link.attempts += 1;
    return new Observable((observer) => observer.error(error()));
  }) as ApolloLink & { attempts: number };
  link.attempts = 0;
  return link;
}

async function run(link: ApolloLink, query: Parameters<typeof execute>[1]['query']) {
  const done = new Promise<unknown>((resolve) => {
    execute(link, { query, variables: { message: 'm', signature: '0x01' } }).subscribe({
      next: resolve,
      error: resolve,
    });
  });
  await vi.runAllTimersAsync();
  return done;
}

describe('createRetryLink', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('tries a query 5 times in all when the network keeps failing', async () => {
    const terminating = failingLink(() => new TypeError('Failed to fetch'));
    await run(ApolloLink.from([createRetryLink(), terminating]), MeDocument);
    expect(terminating.attempts).toBe(5);
  });

  it('never re-sends SignIn, whose nonce the first copy may have consumed', async () => {
    const terminating = failingLink(() => new TypeError('Failed to fetch'));
    await run(ApolloLink.from([createRetryLink(), terminating]), SignInDocument);
    expect(terminating.attempts).toBe(1);
  });

  it('retries other mutations on network errors', async () => {
    const terminating = failingLink(() => serverError(503));
    await run(ApolloLink.from([createRetryLink(), terminating]), CreateNonceDocument);
    expect(terminating.attempts).toBe(5);
  });

  it('does not retry an answer from the server, such as 429 rate limited', async () => {
    const terminating = failingLink(() => serverError(429));
    await run(ApolloLink.from([createRetryLink(), terminating]), MeDocument);
    expect(terminating.attempts).toBe(1);
  });

  it('waits 300 ms on average (Apollo jitters the delay) before the first retry', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const terminating = failingLink(() => new TypeError('Failed to fetch'));
    execute(ApolloLink.from([createRetryLink(), terminating]), { query: MeDocument }).subscribe({
      error: () => {},
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(terminating.attempts).toBe(1);
    await vi.advanceTimersByTimeAsync(299);
    expect(terminating.attempts).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(terminating.attempts).toBe(2);
  });
});
