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
// Both take what viem takes today and nothing more: exactly 65 bytes, v of
// 0, 1, 27 or 28, r and s in [1, n). Like viem (and like ecrecover), neither
// refuses a high s: EIP-2's low-s rule is for transactions, and a SIWE
// signature proves the key either way.
//
// Plain JavaScript so the same file runs in worker threads under vitest (from
// src/) and from the compiled dist/.
import { bytesToHex, hashMessage, hexToBytes, isHex, recoverMessageAddress } from 'viem';
import { publicKeyToAddress } from 'viem/accounts';

/** @returns {Promise<`0x${string}` | null>} */
export async function recoverWithJavaScript(message, signature) {
  try {
    return await recoverMessageAddress({ message, signature });
  } catch {
    return null;
  }
}

const SIGNATURE_HEX_LENGTH = 2 + 65 * 2;

/** viem's toRecoveryBit: v is a y-parity (0, 1) or legacy (27, 28), nothing else. */
function recoveryBit(v) {
  if (v === 0 || v === 27) return 0;
  if (v === 1 || v === 28) return 1;
  return undefined;
}

/** A recovery over tiny-secp256k1's `recover`; null wherever viem throws. */
export function createWebAssemblyRecovery(secp256k1) {
  return function recoverWithWebAssembly(message, signature) {
    if (typeof signature !== 'string' || signature.length !== SIGNATURE_HEX_LENGTH) return null;
    if (!isHex(signature, { strict: true })) return null;
    const bytes = hexToBytes(signature);
    const bit = recoveryBit(bytes[64]);
    if (bit === undefined) return null;
    let publicKey;
    try {
      // tiny-secp256k1 throws on r or s zero or ≥ n, and on an r that is not a
      // curve point's x; it returns null when no key recovers.
      publicKey = secp256k1.recover(hexToBytes(hashMessage(message)), bytes.subarray(0, 64), bit);
    } catch {
      return null;
    }
    return publicKey ? publicKeyToAddress(bytesToHex(publicKey)) : null;
  };
}

/**
 * The fast recovery when `load` gives a working secp256k1, the JavaScript one
 * otherwise; `name` says which, for the log line at start.
 * @param {() => Promise<{ recover: Function }>} load
 */
export async function selectSignerRecovery(load = () => import('tiny-secp256k1')) {
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
};
