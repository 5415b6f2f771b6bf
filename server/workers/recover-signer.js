// The piscina worker of the signature verifier: recovers the signer of an
// EIP-191 personal message off the main thread, so a burst of sign-ins does
// not stall every other request (DESIGN §4 step 5).
//
// The default export takes { message, signature } and returns the recovered
// address, or null when the bytes are not a recoverable signature (the caller
// then asks the chain, since a contract wallet may accept any bytes).
// `describeRecovery` says which implementation this thread runs.
//
// The implementation is chosen on the first job rather than by a top-level
// await, so the module also loads where piscina tries require() first.
import { workerData } from 'piscina';
import { recoverWithJavaScript, selectSignerRecovery } from './signer-recovery.js';

let selected;
function recovery() {
  selected ??=
    workerData?.recovery === 'javascript'
      ? Promise.resolve({ name: 'javascript', recover: recoverWithJavaScript, reason: 'asked for' })
      : selectSignerRecovery();
  return selected;
}

export default async function recoverSigner({ message, signature }) {
  return (await recovery()).recover(message, signature);
}

export async function describeRecovery() {
  const { name, reason } = await recovery();
  return reason === undefined ? { name } : { name, reason };
}
