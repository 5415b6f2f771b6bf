import { readFileSync } from 'node:fs';
import { basename, relative } from 'node:path';
import { repoRoot } from '../../testing/repo-root.js';

/**
 * The functions a V8 `.cpuprofile` (from `node --cpu-prof`) spent most of its
 * samples in, by self time, and the share of samples that fell in each
 * package or repository folder: where the time goes, in a few lines.
 */
export type CpuProfileSummary = {
  /** The profile's file name: one per thread (main thread, then workers). */
  file: string;
  totalMs: number;
  /** Sampled time not idle. */
  busyMs: number;
  /** Share of all samples the process was idle (waiting on I/O or other threads). */
  idleShare: number;
  topFunctions: { name: string; where: string; selfMs: number; share: number }[];
  byOrigin: { origin: string; selfMs: number; share: number }[];
};

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
};
type Profile = { nodes: ProfileNode[]; startTime: number; samples: number[]; timeDeltas: number[] };

/**
 * Only the samples taken in this window, in V8's clock: microseconds of
 * CLOCK_MONOTONIC on Linux, the clock of `process.hrtime.bigint() / 1000n`.
 */
export type ProfileWindow = { fromUs: number; toUs: number };

/** `node_modules/<package>` or the repository folder (`server/src/auth`) a script belongs to. */
function originOf(url: string): string {
  if (!url) return '(native / V8)';
  if (url.startsWith('node:')) return 'node: core';
  const path = url.replace(/^file:\/\//, '');
  // The innermost package: viem's own copy of @noble/curves is @noble/curves, not viem.
  const inModules = [...path.matchAll(/node_modules\/((?:@[^/]+\/)?[^/]+)/g)].at(-1);
  if (inModules) return inModules[1] as string;
  const local = relative(repoRoot, path);
  return local.startsWith('..') ? path : local.split('/').slice(0, 3).join('/');
}

export function summarizeCpuProfile(
  path: string,
  window?: ProfileWindow,
  top = 15,
): CpuProfileSummary {
  const profile = JSON.parse(readFileSync(path, 'utf8')) as Profile;
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfByNode = new Map<number, number>();
  let totalUs = 0;
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (window && (at < window.fromUs || at > window.toUs)) return;
    totalUs += delta;
    selfByNode.set(id, (selfByNode.get(id) ?? 0) + delta);
  });

  const byFunction = new Map<string, { name: string; where: string; us: number }>();
  const byOrigin = new Map<string, number>();
  let idleUs = 0;
  for (const [id, us] of selfByNode) {
    const frame = nodes.get(id)?.callFrame;
    if (!frame) continue;
    if (frame.functionName === '(idle)') idleUs += us;
    const where = frame.url
      ? `${originOf(frame.url)}${frame.url.includes('node_modules') ? '' : `:${frame.lineNumber + 1}`}`
      : '';
    const key = `${frame.functionName}@${frame.url}:${frame.lineNumber}`;
    const entry = byFunction.get(key) ?? {
      name: frame.functionName || '(anonymous)',
      where,
      us: 0,
    };
    entry.us += us;
    byFunction.set(key, entry);
    const origin = frame.functionName.startsWith('(') ? frame.functionName : originOf(frame.url);
    byOrigin.set(origin, (byOrigin.get(origin) ?? 0) + us);
  }
  const share = (us: number) => (totalUs > 0 ? us / totalUs : 0);
  return {
    file: basename(path),
    totalMs: totalUs / 1000,
    busyMs: (totalUs - idleUs) / 1000,
    idleShare: share(idleUs),
    topFunctions: [...byFunction.values()]
      .sort((a, b) => b.us - a.us)
      .slice(0, top)
      .map(({ name, where, us }) => ({ name, where, selfMs: us / 1000, share: share(us) })),
    byOrigin: [...byOrigin.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([origin, us]) => ({ origin, selfMs: us / 1000, share: share(us) })),
  };
}
