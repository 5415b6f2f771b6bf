// Types of signer-recovery.js, for the server's TypeScript callers and tests.
import type { Address, Hex } from 'viem';

export type SignerRecoveryName = 'webassembly' | 'javascript';

export type SignerRecovery = {
  name: SignerRecoveryName;
  recover(message: string, signature: Hex): Address | null | Promise<Address | null>;
  /** Why the fast recovery is not used, when it is not. */
  reason?: string;
};

export function recoverWithJavaScript(message: string, signature: Hex): Promise<Address | null>;

export function createWebAssemblyRecovery(secp256k1: {
  recover(hash: Uint8Array, signature: Uint8Array, recoveryId: 0 | 1): Uint8Array | null;
}): (message: string, signature: Hex) => Address | null;

export function selectSignerRecovery(load?: () => Promise<unknown>): Promise<SignerRecovery>;
