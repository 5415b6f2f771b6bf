import { recoverWithJavaScript } from '@sigil/siwe';
import type { Hex } from 'viem';

/** One recovery asked by recover-off-main-thread.ts: its id, the message and the signature. */
export type RecoverRequest = { id: number; message: string; signature: Hex };
/** The address recovered, or null when the bytes are not a recoverable signature. */
export type RecoverAnswer = { id: number; address: string | null };

// A worker's global scope: `self` answers the page that started it.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<RecoverRequest>) => void) | null;
  postMessage(answer: RecoverAnswer): void;
};

scope.onmessage = ({ data: { id, message, signature } }) => {
  void recoverWithJavaScript(message, signature).then((address) =>
    scope.postMessage({ id, address }),
  );
};
