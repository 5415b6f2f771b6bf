import { HttpRequestError, InternalRpcError } from 'viem';
import { describe, expect, it } from 'vitest';
import { createRpcBackoff, isRpcUnreachable, RpcEndpointDownError } from './rpc-backoff';

const MAINNET = 1;
const BASE = 8453;

/** A clock the test moves by hand. */
function testClock() {
  let time = 1_000_000;
  return {
    now: () => time,
    advance(ms: number) {
      time += ms;
    },
  };
}

/** A send that counts its calls and fails as an endpoint that does not answer. */
function unreachable() {
  const send = async () => {
    send.calls += 1;
    throw new HttpRequestError({ url: 'http://127.0.0.1:9', details: 'fetch failed' });
  };
  send.calls = 0;
  return send;
}

/** A send that counts its calls and answers `value`. */
function answering(value = '0x1') {
  const send = async () => {
    send.calls += 1;
    return value;
  };
  send.calls = 0;
  return send;
}

describe('createRpcBackoff', () => {
  it('asks an endpoint that did not answer once a minute, failing at once in between', async () => {
    const clock = testClock();
    const backoff = createRpcBackoff({ now: clock.now });
    const send = unreachable();
    await expect(backoff.request(MAINNET, send)).rejects.toThrow(HttpRequestError);
    for (const _ of [1, 2, 3]) {
      await expect(backoff.request(MAINNET, send)).rejects.toThrow(RpcEndpointDownError);
    }
    clock.advance(59_999);
    await expect(backoff.request(MAINNET, send)).rejects.toThrow(RpcEndpointDownError);
    expect(send.calls).toBe(1);

    clock.advance(1);
    await expect(backoff.request(MAINNET, send)).rejects.toThrow(HttpRequestError);
    await expect(backoff.request(MAINNET, send)).rejects.toThrow(RpcEndpointDownError);
    expect(send.calls).toBe(2);
  });

  it('sends the requests of the first tick together; later ones wait for their answer', async () => {
    const backoff = createRpcBackoff({ now: testClock().now });
    const rejects: ((error: Error) => void)[] = [];
    let calls = 0;
    const held = () => {
      calls += 1;
      return new Promise<string>((_resolve, reject) => {
        rejects.push(reject);
      });
    };
    const outcome = (promise: Promise<string>) => promise.then(String, (error: Error) => error);
    // Made in one tick: viem sends them as one HTTP batch.
    const first = [backoff.request(MAINNET, held), backoff.request(MAINNET, held)].map(outcome);
    await new Promise((resolve) => setTimeout(resolve, 0));
    const later = outcome(backoff.request(MAINNET, held));
    expect(calls).toBe(2);
    for (const reject of rejects) {
      reject(new HttpRequestError({ url: 'http://127.0.0.1:9', details: 'fetch failed' }));
    }
    for (const result of await Promise.all(first)) expect(result).toBeInstanceOf(HttpRequestError);
    expect(await later).toBeInstanceOf(RpcEndpointDownError);
    expect(calls).toBe(2);

    const ok = answering();
    const waiting = [backoff.request(BASE, ok)];
    await new Promise((resolve) => setTimeout(resolve, 0));
    waiting.push(backoff.request(BASE, ok), backoff.request(BASE, ok));
    expect(await Promise.all(waiting)).toEqual(['0x1', '0x1', '0x1']);
    expect(ok.calls).toBe(3);
  });

  it('keeps chains apart', async () => {
    const backoff = createRpcBackoff({ now: testClock().now });
    await expect(backoff.request(MAINNET, unreachable())).rejects.toThrow(HttpRequestError);
    const base = answering('0x2105');
    expect(await backoff.request(BASE, base)).toBe('0x2105');
    expect(base.calls).toBe(1);
  });

  it('does not back off from an endpoint that answered with an error', async () => {
    const backoff = createRpcBackoff({ now: testClock().now });
    let calls = 0;
    const reverted = async () => {
      calls += 1;
      throw new InternalRpcError(new Error('execution reverted'));
    };
    await expect(backoff.request(MAINNET, reverted)).rejects.toThrow(InternalRpcError);
    await expect(backoff.request(MAINNET, reverted)).rejects.toThrow(InternalRpcError);
    expect(calls).toBe(2);
  });

  it('backs off from an endpoint that answered before and then stopped', async () => {
    const backoff = createRpcBackoff({ now: testClock().now });
    expect(await backoff.request(MAINNET, answering())).toBe('0x1');
    const send = unreachable();
    await expect(backoff.request(MAINNET, send)).rejects.toThrow(HttpRequestError);
    await expect(backoff.request(MAINNET, send)).rejects.toThrow(RpcEndpointDownError);
    expect(send.calls).toBe(1);
  });
});

describe('isRpcUnreachable', () => {
  it('tells an endpoint that did not answer from one that answered with an error', () => {
    expect(isRpcUnreachable(new HttpRequestError({ url: 'http://127.0.0.1:9' }))).toBe(true);
    expect(isRpcUnreachable(new RpcEndpointDownError(1, 0))).toBe(true);
    expect(isRpcUnreachable(new InternalRpcError(new Error('reverted')))).toBe(false);
    expect(isRpcUnreachable(new Error('fetch failed'))).toBe(false);
  });
});
