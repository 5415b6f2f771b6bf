// Recovers the signer of an EIP-191 personal message, off the main thread:
// secp256k1 recovery costs about 1.3 ms of CPU, and a burst of sign-ins must
// not stall every other request (DESIGN §4 step 5).
//
// Plain JavaScript so the same file runs under vitest (from src/) and from the
// compiled dist/. Protocol of createWorkerPool: receives { id, job }, replies
// { id, result }. job is { message, signature }; result is the recovered
// address, or null when the bytes are not a recoverable signature (the caller
// then asks the chain, since a contract wallet may accept any bytes).
import { parentPort } from 'node:worker_threads';
import { recoverMessageAddress } from 'viem';

if (!parentPort) throw new Error('recover-signer.js runs only as a worker thread');
const port = parentPort;

port.on('message', async ({ id, job }) => {
  let result = null;
  try {
    result = await recoverMessageAddress({ message: job.message, signature: job.signature });
  } catch {
    result = null;
  }
  port.postMessage({ id, result });
});
