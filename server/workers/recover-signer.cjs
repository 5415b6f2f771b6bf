// The piscina worker of the signature verifier: recovers the signer of an
// EIP-191 personal message off the main thread, so a burst of sign-ins does
// not stall every other request (docs/sign-in.md, step 5).
//
// The default export takes { message, signature } and returns the recovered
// address, or null when the bytes are not a recoverable signature (the caller
// then asks the chain, since a contract wallet may accept any bytes).
// `describeRecovery` says which implementation this thread runs.
//
// The recovery itself is @sigil/siwe's (selectSignerRecovery): the WebAssembly
// libsecp256k1 of tiny-secp256k1, a server dependency loaded here, or viem's
// JavaScript recovery when it does not load. A worker thread is plain Node even
// where the server runs through tsx (`npm run dev`, tests), so the package
// resolves to its compiled dist/ (its `default` export condition), which
// `npm run build`, `npm run dev` and the server suite's global setup build.
//
// CommonJS on purpose (src/auth/signature/worker-pool.ts says why): the ES
// modules it needs are loaded with import(), started as the thread starts so
// the first job rarely waits for them.
'use strict';

const { workerData } = require('piscina');

const loading = import('@sigil/siwe');
// A failed load is reported to the first job that awaits it, not as an
// unhandled rejection that would end the thread before any job came.
loading.catch(() => {});

let selected;
function recovery() {
  selected ??= loading.then(({ recoverWithJavaScript, selectSignerRecovery }) =>
    workerData?.recovery === 'javascript'
      ? { name: 'javascript', recover: recoverWithJavaScript, reason: 'asked for' }
      : selectSignerRecovery(() => import('tiny-secp256k1')),
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
