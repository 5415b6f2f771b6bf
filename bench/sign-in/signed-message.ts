import type { Address, Hex } from 'viem';

/** One wallet's signed EIP-4361 message, ready to send as a `signIn` mutation. */
export type SignedMessage = { address: Address; message: string; signature: Hex };

/** What the sign-in bench hands to its pinned child processes. */
export type SignedMessageSet = {
  /** Sent (or recovered) first and not timed. */
  warmup: SignedMessage[];
  measured: SignedMessage[];
};
