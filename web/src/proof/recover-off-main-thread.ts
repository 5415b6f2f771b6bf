import { recoverWithJavaScript } from '@sigil/siwe';
import { type Address, getAddress, type Hex } from 'viem';
import type { RecoverAnswer, RecoverRequest } from './recover-signer.worker';

let worker: Worker | null | undefined;
let nextId = 0;
/** Each recovery asked and not answered yet; undefined tells it the worker failed. */
const waiting = new Map<number, (address: Address | null | undefined) => void>();

function startWorker(): Worker | null {
  if (worker !== undefined) return worker;
  try {
    worker = new Worker(new URL('./recover-signer.worker.ts', import.meta.url), {
      type: 'module',
    });
  } catch {
    worker = null;
    return worker;
  }
  worker.onmessage = ({ data: { id, address } }: MessageEvent<RecoverAnswer>) => {
    waiting.get(id)?.(address === null ? null : getAddress(address));
    waiting.delete(id);
  };
  worker.onerror = () => {
    // The worker could not start (or died): what it was asked is recovered here instead.
    const asked = [...waiting.entries()];
    waiting.clear();
    worker = null;
    for (const [, answer] of asked) answer(undefined);
  };
  return worker;
}

/**
 * `recoverWithJavaScript` in a worker of its own (the same code, the same
 * answer): the curve's first multiplication builds its tables, a task of
 * several hundred milliseconds on a phone that the page's main thread need
 * not run (docs/web-app.md, "Where the main thread's time goes"). Where no
 * worker can start (a test's DOM), on this thread as before.
 */
export function recoverOffMainThread(message: string, signature: Hex): Promise<Address | null> {
  const running = typeof Worker === 'function' ? startWorker() : null;
  if (!running) return recoverWithJavaScript(message, signature);
  const id = nextId++;
  return new Promise<Address | null | undefined>((resolve) => {
    waiting.set(id, resolve);
    running.postMessage({ id, message, signature } satisfies RecoverRequest);
  }).then((address) =>
    // undefined: the worker failed before answering.
    address === undefined ? recoverWithJavaScript(message, signature) : address,
  );
}
