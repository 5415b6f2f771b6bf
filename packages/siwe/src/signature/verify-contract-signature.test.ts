import { type Hex, type PublicClient, pad, serializeErc6492Signature } from 'viem';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InvalidSignatureError } from '../errors/siwe.js';
import { verifyContractSignature } from './verify-contract-signature.js';

const TIMEOUT_MS = 1_000;
const WALLET = '0x00000000000000000000000000000000000000aa';
const FACTORY = '0x00000000000000000000000000000000000000fa';
const HASH = pad('0x01');
const INNER_SIGNATURE: Hex = `0x${'ab'.repeat(65)}`;
/** A signature of a wallet not deployed yet: checking it takes two requests, getCode then call. */
const COUNTERFACTUAL_SIGNATURE = serializeErc6492Signature({
  address: FACTORY,
  data: '0x1234',
  signature: INNER_SIGNATURE,
});

const never = () => new Promise<never>(() => {});
/** Resolves with `value` once the (fake) clock has moved `ms` on. */
const after = <T>(ms: number, value: T) =>
  new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

/** A chain whose two requests take what the test says, and that counts them. */
function chain(answers: { getCode: () => Promise<Hex | undefined>; call: () => Promise<unknown> }) {
  const client = { getCode: vi.fn(answers.getCode), call: vi.fn(answers.call) };
  return { client, publicClient: client as unknown as PublicClient };
}

function verify(publicClient: PublicClient) {
  const outcome = verifyContractSignature(publicClient, {
    address: WALLET,
    chainId: 1,
    hash: HASH,
    signature: COUNTERFACTUAL_SIGNATURE,
    timeoutMs: TIMEOUT_MS,
  });
  // Observed by the tests below; without this, a rejection before they look is "unhandled".
  outcome.catch(() => {});
  return outcome;
}

/** Whether the promise has settled, once every microtask due has run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  promise.then(
    () => {
      done = true;
    },
    () => {
      done = true;
    },
  );
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

// The deadline is time-dependent logic: proven on vitest's clock, to the millisecond.
describe('verifyContractSignature deadline', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('bounds a check that needs two requests by one deadline over both', async () => {
    const { publicClient, client } = chain({
      getCode: () => after(TIMEOUT_MS - 100, '0x'),
      call: never,
    });
    const outcome = verify(publicClient);
    await vi.advanceTimersByTimeAsync(TIMEOUT_MS - 1);
    // The second request is under way: a deadline of its own would give it until 2 × timeout.
    expect(client.call).toHaveBeenCalledOnce();
    expect(await settled(outcome)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(outcome)).toBe(true);
    await expect(outcome).rejects.toBeInstanceOf(InvalidSignatureError);
    await expect(outcome).rejects.toMatchObject({
      message: 'could not verify the contract-wallet signature: chain 1 did not answer in time',
      details: { reason: 'CHAIN_UNAVAILABLE' },
    });
  });

  it('starts no second request once the deadline has passed', async () => {
    const { publicClient, client } = chain({
      getCode: () => after(TIMEOUT_MS * 2, '0x'),
      call: never,
    });
    const outcome = verify(publicClient);
    await vi.advanceTimersByTimeAsync(TIMEOUT_MS);
    expect(await settled(outcome)).toBe(true);
    await expect(outcome).rejects.toMatchObject({ details: { reason: 'CHAIN_UNAVAILABLE' } });
    // The first request answers late; every timer that could lead to a second has run.
    await vi.runAllTimersAsync();
    expect(client.getCode).toHaveBeenCalledOnce();
    expect(client.call).not.toHaveBeenCalled();
  });

  it('answers inside the deadline, and leaves no timer behind', async () => {
    const { publicClient } = chain({
      getCode: () => after(TIMEOUT_MS / 2, '0x'),
      call: () => after(TIMEOUT_MS / 2 - 1, { data: pad('0x01') }),
    });
    const outcome = verify(publicClient);
    await vi.advanceTimersByTimeAsync(TIMEOUT_MS - 1);
    expect(await settled(outcome)).toBe(true);
    await expect(outcome).resolves.toBe('COUNTERFACTUAL');
    expect(vi.getTimerCount()).toBe(0);
  });
});
