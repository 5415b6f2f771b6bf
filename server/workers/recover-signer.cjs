// The piscina worker of the signature verifier: recovers the signer of an
// EIP-191 personal message off the main thread, so a burst of sign-ins does
// not stall every other request (DESIGN §4 step 5).
//
// The default export takes { message, signature } and returns the recovered
// address, or null when the bytes are not a recoverable signature (the caller
// then asks the chain, since a contract wallet may accept any bytes).
// `describeRecovery` says which implementation this thread runs.
//
// CommonJS on purpose (src/auth/signature/worker-pool.ts says why): the ES
// modules it needs are loaded with import(), started as the thread starts so
// the first job rarely waits for them.
'use strict';

const { workerData } = require('piscina');

const loading = import('./signer-recovery.js');
// A failed load is reported to the first job that awaits it, not as an
// unhandled rejection that would end the thread before any job came.
loading.catch(() => {});

let selected;
function recovery() {
  selected ??= loading.then(({ recoverWithJavaScript, selectSignerRecovery }) =>
    workerData?.recovery === 'javascript'
      ? { name: 'javascript', recover: recoverWithJavaScript, reason: 'asked for' }
      : selectSignerRecovery(),
  );
  return selected;
}

async function recoverSigner({ message, signature }) {
  return (await recovery()).recover(message, signature);
}

async function describeRecovery() {
  const { name, reason } = await recovery();
  return reason === undefined ? { name } : { name, reason };
}

module.exports = recoverSigner;
module.exports.describeRecovery = describeRecovery;
