// The signer of an EIP-191 personal message, recovered two ways that must
// agree (server/src/auth/signature/signer-recovery.test.ts proves it):
//
// - fast: libsecp256k1 compiled to WebAssembly (tiny-secp256k1), about a
//   tenth of the JavaScript time on this machine, Node 20 and 22 alike. The
//   native `secp256k1` 5 package needs its install script and a compiler,
//   which npm may skip; WebAssembly needs neither.
// - fallback: viem's recoverMessageAddress (noble, JavaScript), used when the
//   WebAssembly module cannot load, and the reference the fast one matches.
//
// The secp256k1 library is the caller's to load (`load`): this package runs
// in browsers too, and only the server's worker threads need the fast path.
import type { Address, Hex } from 'viem';
import { createWebAssemblyRecovery, type Secp256k1Recover } from './create-webassembly-recovery.js';
import { recoverWithJavaScript } from './recover-with-javascript.js';

export type SignerRecoveryName = 'webassembly' | 'javascript';

export type SignerRecovery = {
  name: SignerRecoveryName;
  recover(message: string, signature: Hex): Address | null | Promise<Address | null>;
  /** Why the fast recovery is not used, when it is not. */
  reason?: string;
};

/**
 * The fast recovery when `load` gives a working secp256k1, the JavaScript one
 * otherwise; `name` says which, for the log line at start.
 */
export async function selectSignerRecovery(
  load: () => Promise<Secp256k1Recover>,
): Promise<SignerRecovery> {
  try {
    const recover = createWebAssemblyRecovery(await load());
    // A module that loads but cannot run (no WebAssembly, a broken build) must
    // fall back too: recover one known signature before trusting it.
    if (recover(PROBE.message, PROBE.signature) !== PROBE.address) throw new Error('probe failed');
    return { name: 'webassembly', recover };
  } catch (error) {
    return { name: 'javascript', recover: recoverWithJavaScript, reason: String(error) };
  }
}

// Signed by Hardhat's first well-known development key (never a real secret).
const PROBE = {
  message: 'Sigil signer-recovery probe',
  signature:
    '0x6d2efb89f5061153789a79030be6935c07e8b05440547c60d71b538a6c21a82d180f791196182d5dfdf2db612eb2ecd298cbacb50224b0c67b7f2c980c21dfce1c',
  address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
} as const;
