/**
 * Which chains answer, as the rules checks have seen it: a chain whose last
 * round failed less than `cooldownMs` ago (and, after that, while one round
 * probes it), or whose oldest unanswered round is older than
 * `suspectAfterMs`, is down. Checks that nobody waits for do
 * not ask a chain that is down: with every endpoint hung, each sign-in would
 * otherwise open a connection that hangs until the deadline.
 */
export type ChainHealth = {
  isDown(chainId: number, now: number): boolean;
  /** A round starts on the chain; call the answer with whether it succeeded. */
  roundStarted(chainId: number, now: number): (succeeded: boolean, at: number) => void;
};

/** The two lines it logs: pino's logger is one. */
export type ChainHealthLogger = {
  warn(fields: { chainId: number }, message: string): void;
  info(fields: { chainId: number }, message: string): void;
};

export function createChainHealth(p: {
  cooldownMs: number;
  suspectAfterMs: number;
  logger: ChainHealthLogger;
}): ChainHealth {
  const failedAt = new Map<number, number>();
  const outstanding = new Map<number, Set<number>>();
  const down = new Set<number>();

  return {
    isDown(chainId, now) {
      const failed = failedAt.get(chainId);
      if (failed !== undefined && now - failed < p.cooldownMs) return true;
      const rounds = outstanding.get(chainId) ?? new Set<number>();
      // Past the cooldown one round probes a chain that failed; the others wait for it.
      if (failed !== undefined && rounds.size > 0) return true;
      return now - Math.min(...rounds) > p.suspectAfterMs;
    },
    roundStarted(chainId, now) {
      const rounds = outstanding.get(chainId) ?? new Set<number>();
      outstanding.set(chainId, rounds);
      // Two rounds may start in the same millisecond: each its own entry.
      let started = now;
      while (rounds.has(started)) started += 0.001;
      rounds.add(started);
      return (succeeded, at) => {
        rounds.delete(started);
        if (succeeded) {
          failedAt.delete(chainId);
          if (down.delete(chainId)) p.logger.info({ chainId }, 'access rules: chain answers again');
          return;
        }
        failedAt.set(chainId, at);
        // One line when a chain goes down, not one per check.
        if (!down.has(chainId)) {
          down.add(chainId);
          p.logger.warn({ chainId }, 'access rules: chain did not answer; its balances go stale');
        }
      };
    },
  };
}
