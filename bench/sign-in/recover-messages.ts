// The baseline of the sign-in bench, run by sign-in-throughput.ts in its own
// process pinned to the server's CPU while the server idles:
//   recover-messages.ts <signed message set .json>
// Recovers the signer of every message with viem's recoverMessageAddress, one
// after another on one thread (no HTTP, no database), and prints one JSON line.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { type Address, isAddressEqual, recoverMessageAddress } from 'viem';
import type { SignedMessage, SignedMessageSet } from './signed-message.js';

export type RecoverMessagesResult = {
  recovered: number;
  /** Signatures that did not recover to their address: must be 0. */
  mismatches: number;
  seconds: number;
  recoveriesPerSecond: number;
  /** CPU seconds (user + system) the recoveries used. */
  cpuSeconds: number;
};

async function recoverAll(set: SignedMessage[]) {
  const signers: Address[] = [];
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  for (const { message, signature } of set) {
    signers.push(await recoverMessageAddress({ message, signature }));
  }
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const mismatches = set.filter((signed, i) => {
    const signer = signers[i];
    return !signer || !isAddressEqual(signer, signed.address);
  });
  return { seconds, cpuSeconds, mismatches: mismatches.length };
}

async function main() {
  const [setPath] = process.argv.slice(2);
  if (!setPath) throw new Error('usage: recover-messages.ts <set.json>');
  const set = JSON.parse(readFileSync(setPath, 'utf8')) as SignedMessageSet;
  await recoverAll(set.warmup);
  const { seconds, cpuSeconds, mismatches } = await recoverAll(set.measured);
  const result: RecoverMessagesResult = {
    recovered: set.measured.length,
    mismatches,
    seconds,
    recoveriesPerSecond: set.measured.length / seconds,
    cpuSeconds,
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

await main();
