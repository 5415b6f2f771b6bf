import { availableParallelism, loadavg } from 'node:os';

/**
 * A failure bound for a wait in a test: how long the awaited thing may take before the test
 * fails, from what it takes on a quiet machine, stretched by how loaded this machine is now
 * (the one-minute load average per core, as measured when the bound is taken). Waits end
 * the moment their condition holds, so a larger bound costs nothing on a pass; it only
 * keeps a machine running other work beside the suite (CI beside builds, a contributor's
 * editor, `yes > /dev/null` per core in docs/testing.md's check) from failing a test that
 * is merely slow. A bound is never a budget: no test asserts that something was fast.
 */
export function failureBound(quietMs: number, load = loadavg()[0] ?? 0): number {
  const perCore = load / availableParallelism();
  return Math.round(quietMs * Math.max(1, perCore));
}
