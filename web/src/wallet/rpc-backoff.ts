import { BaseError, HttpRequestError, TimeoutError } from 'viem';

/**
 * How often the app asks a chain's RPC endpoint that did not answer: once per
 * chain per `periodMs` (docs/web-app.md, "Chains and RPC endpoints"). A page
 * reads one chain from several places (the balance, ENS names, token facts),
 * each with its own retries; an unreachable endpoint made about 30 requests
 * per load. viem and react-query retry per request, with no memory shared
 * between them, so the memory is here, per chain, for the page's life.
 *
 * Until a chain's endpoint has answered, the requests made in the tick of
 * the first one go (viem sends them as one HTTP batch); later ones wait for
 * that first answer. After a failure, requests fail at once, without a
 * request, until `periodMs` has passed; then the next one asks again.
 */
export type RpcBackoff = {
  /** Sends `send` for `chainId` under the rules above. */
  request<T>(chainId: number, send: () => Promise<T>): Promise<T>;
};

export type CreateRpcBackoffParameters = {
  /** @default 60 000 (a minute, the words the account page shows) */
  periodMs?: number;
  /** @default Date.now */
  now?: () => number;
};

export const RPC_BACKOFF_MS = 60_000;

/** A request not sent: the chain's endpoint did not answer less than a period ago. */
export class RpcEndpointDownError extends BaseError {
  override name = 'RpcEndpointDownError';
  constructor(
    readonly chainId: number,
    readonly retryAt: number,
  ) {
    super(
      `The RPC endpoint of chain ${chainId} did not answer; not asked again before ${new Date(retryAt).toISOString()}.`,
    );
  }
}

/** Whether `error` (or what caused it) says a chain's endpoint did not answer, rather than answered with an error. */
export function isRpcUnreachable(error: unknown): boolean {
  if (!(error instanceof BaseError)) return false;
  return (
    error.walk(
      (cause) =>
        cause instanceof HttpRequestError ||
        cause instanceof TimeoutError ||
        cause instanceof RpcEndpointDownError,
    ) !== null
  );
}

type ChainState =
  | { kind: 'up' }
  /** Not answered yet: requests join while `open` (this tick), later ones wait for `answered`. */
  | { kind: 'asking'; open: boolean; answered: Promise<void>; settle: () => void }
  | { kind: 'down'; until: number };

export function createRpcBackoff(parameters: CreateRpcBackoffParameters = {}): RpcBackoff {
  const { periodMs = RPC_BACKOFF_MS, now = Date.now } = parameters;
  const states = new Map<number, ChainState>();

  // The first answer decides: waiters go on, or fail at once.
  function learn(chainId: number, next: ChainState) {
    const previous = states.get(chainId);
    states.set(chainId, next);
    if (previous?.kind === 'asking') previous.settle();
  }

  function startAsking(chainId: number) {
    let settle = () => {};
    const answered = new Promise<void>((resolve) => {
      settle = resolve;
    });
    const state: ChainState = { kind: 'asking', open: true, answered, settle };
    states.set(chainId, state);
    setTimeout(() => {
      state.open = false;
    }, 0);
  }

  async function send<T>(chainId: number, request: () => Promise<T>): Promise<T> {
    try {
      const result = await request();
      learn(chainId, { kind: 'up' });
      return result;
    } catch (error) {
      // An error the endpoint answered with (a revert, a bad parameter) is an answer.
      const down = isRpcUnreachable(error) && !(error instanceof RpcEndpointDownError);
      learn(chainId, down ? { kind: 'down', until: now() + periodMs } : { kind: 'up' });
      throw error;
    }
  }

  async function request<T>(chainId: number, request_: () => Promise<T>): Promise<T> {
    const state = states.get(chainId);
    if (state?.kind === 'asking' && !state.open) {
      await state.answered;
      return request(chainId, request_);
    }
    if (state?.kind === 'down') {
      if (now() < state.until) throw new RpcEndpointDownError(chainId, state.until);
      startAsking(chainId);
    } else if (state === undefined) {
      startAsking(chainId);
    }
    return send(chainId, request_);
  }

  return { request };
}
