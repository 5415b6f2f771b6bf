// Recovers the signer of EIP-191 personal messages, off the main thread:
// secp256k1 recovery costs about 1.3 ms of CPU, and a burst of sign-ins must
// not stall every other request (DESIGN §4 step 5).
//
// Plain JavaScript so the same file runs under vitest (from src/) and from the
// compiled dist/. Protocol of createWorkerPool: receives { batch, jobs }, replies
// once with { batch, outcomes }, one { result } per job in order. A job is
// { message, signature }; its result is the recovered address, or null when the
// bytes are not a recoverable signature (the caller then asks the chain, since
// a contract wallet may accept any bytes).
import { parentPort } from 'node:worker_threads';
import { recoverMessageAddress } from 'viem';

if (!parentPort) throw new Error('recover-signer.js runs only as a worker thread');
const port = parentPort;

async function recoverSigner({ message, signature }) {
  try {
    return await recoverMessageAddress({ message, signature });
  } catch {
    return null;
  }
}

port.on('message', async ({ batch, jobs }) => {
  const outcomes = [];
  for (const job of jobs) outcomes.push({ result: await recoverSigner(job) });
  port.postMessage({ batch, outcomes });
});
