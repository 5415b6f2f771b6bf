import { describe, expect, it } from 'vitest';
import { createChainHealth } from './chain-health.js';

const quiet = { warn: () => {}, info: () => {} };

describe('createChainHealth', () => {
  it('holds a chain down for the cooldown after a failed round, and up again once one answers', () => {
    const health = createChainHealth({ cooldownMs: 1000, suspectAfterMs: 200, logger: quiet });
    expect(health.isDown(1, 0)).toBe(false);
    health.roundStarted(1, 0)(false, 100);
    expect(health.isDown(1, 1099)).toBe(true);
    expect(health.isDown(1, 1100)).toBe(false);
    // One round probes it; until it answers, the chain stays down for the others.
    const probe = health.roundStarted(1, 1100);
    expect(health.isDown(1, 1101)).toBe(true);
    probe(false, 1150);
    expect(health.isDown(1, 1200)).toBe(true);
    expect(health.isDown(8453, 500)).toBe(false);
    health.roundStarted(1, 2200)(true, 2210);
    expect(health.isDown(1, 2300)).toBe(false);
  });

  it('suspects a chain whose oldest round has gone unanswered too long', () => {
    const health = createChainHealth({ cooldownMs: 1000, suspectAfterMs: 200, logger: quiet });
    const first = health.roundStarted(1, 0);
    health.roundStarted(1, 0);
    expect(health.isDown(1, 200)).toBe(false);
    expect(health.isDown(1, 201)).toBe(true);
    first(true, 250);
    // The second round, started at the same moment, is still out.
    expect(health.isDown(1, 260)).toBe(true);
  });

  it('logs a chain going down once, and coming back once', () => {
    const lines: string[] = [];
    const health = createChainHealth({
      cooldownMs: 1000,
      suspectAfterMs: 200,
      logger: {
        warn: (_fields, message) => void lines.push(`warn ${message}`),
        info: (_fields, message) => void lines.push(`info ${message}`),
      },
    });
    for (let i = 0; i < 3; i += 1) health.roundStarted(1, i)(false, i);
    health.roundStarted(1, 5)(true, 6);
    expect(lines).toEqual([
      'warn access rules: chain did not answer; its balances go stale',
      'info access rules: chain answers again',
    ]);
  });
});
