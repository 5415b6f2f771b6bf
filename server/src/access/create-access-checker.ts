import type { Logger } from 'pino';
import { createPublicClient, http, type PublicClient } from 'viem';
import { listWallets } from '../accounts/wallet-store.js';
import type { ChangeCommitter } from '../changes/change-committer.js';
import { NO_CHANGE_SOURCE } from '../changes/change-source.js';
import type { Clock } from '../clock.js';
import type { AccessRule } from '../config/access-rule.js';
import type { Config } from '../config/load-config.js';
import type { AccountEventMessage } from '../events/account-events.js';
import { heldRoles } from '../roles/held-roles.js';
import type { Db } from '../store/database.js';
import type { AccessRuleResultModel } from './access-rule-result.js';
import { readAccessCheck, saveAccessCheck } from './access-store.js';
import { type AccountWallet, planBalanceReads } from './balance-reads.js';
import { createChainHealth } from './chain-health.js';
import { evaluateAccess } from './evaluate-access.js';
import { readBalances } from './read-balances.js';

/** What `Account.access` and `refreshAccess` answer. */
export type AccessReportModel = {
  /** Null before the account's first check (or with no rules). */
  checkedAt: number | null;
  stale: boolean;
  rules: AccessRuleResultModel[];
  /** The roles the rules grant, sorted. */
  ruleRoles: string[];
};

/**
 * Who asked for a check: ROLES_CHANGED names this session, when there is
 * one. Only a session of the checked account may be given: the event goes to
 * that account (access-resolvers.ts leaves out an administrator's).
 */
export type CheckCause = { sessionId?: string | undefined };

export type AccessChecker = {
  /**
   * Reads the chains now (after a check already running for the account, not
   * instead of it), a chain that is down included: someone asked.
   */
  refresh(accountId: string, cause?: CheckCause): Promise<AccessReportModel>;
  /** The report, read from the chains first when the last check is older than ROLES_TTL. */
  report(accountId: string, cause?: CheckCause): Promise<AccessReportModel>;
  /** Every role the account holds: the rules' (fresh within ROLES_TTL) and the granted ones, sorted. */
  roles(accountId: string, cause?: CheckCause): Promise<string[]>;
  /**
   * A check that nobody waits for: after a sign-in, a link or an unlink.
   * Failures are logged. Skipped when it could learn nothing: every chain of
   * the rules is down, and the wallets did not change (`walletsChanged`
   * false: a sign-in) or no rule has an allowlist.
   */
  checkInBackground(accountId: string, cause?: CheckCause, walletsChanged?: boolean): void;
  /** Waits for the checks under way (a shutdown), at most one deadline. */
  close(): Promise<void>;
};

export type CreateAccessCheckerParameters = {
  db: Db;
  rules: readonly AccessRule[];
  chains: readonly { id: number; rpcUrl: string }[];
  rolesTtlSeconds: number;
  /** One deadline over every chain's read. */
  timeoutMs: number;
  clock: Clock;
  /** How a change of roles is committed: audited, sent to webhooks, published (changes/change-committer.ts). */
  changes: ChangeCommitter<AccountEventMessage>;
  logger: Pick<Logger, 'warn' | 'info'>;
  /** ADMIN_ADDRESSES: an account holding one of these wallets holds `admin`. @default none */
  adminWallets?: Config['adminWallets'];
};

/**
 * The access rules of docs/access.md, checked per account: balances read
 * through Multicall3, the result stored, ROLES_CHANGED published when the
 * rule roles move. One check per account runs at a time on this instance;
 * a refresh asked during one runs after it, and every refresh asked
 * meanwhile shares that next one.
 */
export function createAccessChecker(p: CreateAccessCheckerParameters): AccessChecker {
  const { db, rules, clock, changes, logger } = p;
  /** Every role held, given the rules' (roles/held-roles.ts). */
  const rolesHeld = (from: Db, accountId: string, ruleRoles: readonly string[]) =>
    heldRoles(from, { adminWallets: p.adminWallets ?? [] }, accountId, ruleRoles);
  const clients = new Map<number, PublicClient>(
    p.chains
      .filter(({ id }) => rules.some((rule) => rule.requirements.some((r) => chainOf(r) === id)))
      .map(({ id, rpcUrl }) => [
        id,
        createPublicClient({
          // No retries: a retry could not finish inside the one deadline. The
          // 1024-byte multicall batches of a round go out as one JSON-RPC batch.
          transport: http(rpcUrl, { timeout: p.timeoutMs, retryCount: 0, batch: true }),
        }),
      ]),
  );
  // Health is about the network: real time, not the injected clock.
  const health = createChainHealth({
    cooldownMs: p.timeoutMs,
    suspectAfterMs: Math.min(1000, p.timeoutMs / 4),
    logger,
  });
  const ruleChains = [...new Set(rules.flatMap((rule) => rule.requirements.flatMap(chainsOf)))];
  const hasAllowlist = rules.some((rule) => rule.requirements.some((r) => r.type === 'allowlist'));
  const running = new Map<string, Promise<AccessReportModel>>();
  const queued = new Map<string, Promise<AccessReportModel>>();
  /** The accounts whose queued check was asked for by someone (refreshAccess). */
  const forceNext = new Set<string>();

  async function walletsOf(accountId: string): Promise<AccountWallet[]> {
    return (await listWallets(db, accountId)).map((w) => ({
      namespace: w.namespace,
      address: w.address,
      kind: w.kind,
      chainId: w.chain_id,
    }));
  }

  async function runCheck(
    accountId: string,
    cause: CheckCause,
    force: boolean,
  ): Promise<AccessReportModel> {
    const wallets = await walletsOf(accountId);
    const reads = planBalanceReads(rules, wallets);
    const { balances: read, failedChains } = await readBalances({
      clients,
      reads,
      timeoutMs: p.timeoutMs,
      health,
      // A check nobody asked for leaves a chain that is down alone.
      skipDown: !force,
      now: Date.now,
    });
    // A chain that failed leaves its last balances in force, never a guess.
    const previous = await readAccessCheck(db, accountId);
    const balances = new Map([...(previous?.balances ?? []), ...read]);
    const evaluation = evaluateAccess({ rules, wallets, balances });
    const stale = failedChains.size > 0;
    if (!force && stale && read.size === 0 && sameRoles(previous?.roles ?? [], evaluation.roles)) {
      // Nothing learned, nothing changed: no write. With every endpoint hung,
      // a sign-in then costs the database nothing more than without rules.
      return {
        checkedAt: previous?.checkedAt ?? null,
        stale,
        rules: evaluation.rules,
        ruleRoles: evaluation.roles,
      };
    }
    const checkedAt = clock();
    await changes.commit(async (tx) => {
      const before = await saveAccessCheck(tx.trx, {
        accountId,
        checkedAt,
        stale,
        roles: evaluation.roles,
        read,
      });
      const was = before ?? [];
      if (sameRoles(was, evaluation.roles)) return;
      // A change of the rule roles is recorded in the check's transaction; no
      // session acts, so there is no actor (docs/administration.md).
      const roles = await rolesHeld(tx.trx, accountId, evaluation.roles);
      await tx.record(
        { ...NO_CHANGE_SOURCE, at: checkedAt },
        {
          action: 'roles_changed',
          accountId,
          roles,
          granted: evaluation.roles.filter((role) => !was.includes(role)),
          revoked: was.filter((role) => !evaluation.roles.includes(role)),
        },
      );
      tx.publish({
        type: 'ROLES_CHANGED',
        at: checkedAt,
        accountId,
        actor: 'RULES_CHECK',
        ...(cause.sessionId !== undefined && { sessionId: cause.sessionId }),
        roles,
      });
    });
    return { checkedAt, stale, rules: evaluation.rules, ruleRoles: evaluation.roles };
  }

  function check(accountId: string, cause: CheckCause, force: boolean): Promise<AccessReportModel> {
    if (rules.length === 0) return Promise.resolve(NO_RULES);
    const next = queued.get(accountId);
    if (next) {
      // The next check asks even a chain that is down if anyone waiting on it asked to.
      if (force) forceNext.add(accountId);
      return next;
    }
    const start = () => {
      queued.delete(accountId);
      const forced = forceNext.delete(accountId) || force;
      const started = runCheck(accountId, cause, forced).finally(() => {
        if (running.get(accountId) === started) running.delete(accountId);
      });
      running.set(accountId, started);
      return started;
    };
    const current = running.get(accountId);
    if (!current) return start();
    if (force) forceNext.add(accountId);
    const after = current.then(start, start);
    queued.set(accountId, after);
    return after;
  }

  const refresh = (accountId: string, cause: CheckCause = {}) => check(accountId, cause, true);

  async function report(accountId: string, cause: CheckCause = {}): Promise<AccessReportModel> {
    if (rules.length === 0) return NO_RULES;
    const current = running.get(accountId);
    if (current) return current;
    const stored = await readAccessCheck(db, accountId);
    if (!stored || clock() - stored.checkedAt > p.rolesTtlSeconds * 1000) {
      return check(accountId, cause, false);
    }
    // Fresh enough: the stored balances against the wallets as they are now.
    const evaluation = evaluateAccess({
      rules,
      wallets: await walletsOf(accountId),
      balances: stored.balances,
    });
    return {
      checkedAt: stored.checkedAt,
      stale: stored.stale,
      rules: evaluation.rules,
      ruleRoles: evaluation.roles,
    };
  }

  return {
    refresh,
    report,
    async roles(accountId, cause) {
      const { ruleRoles } = await report(accountId, cause);
      return rolesHeld(db, accountId, ruleRoles);
    },
    checkInBackground(accountId, cause = {}, walletsChanged = true) {
      if (rules.length === 0) return;
      const now = Date.now();
      const nothingToAsk =
        ruleChains.length > 0 && ruleChains.every((chainId) => health.isDown(chainId, now));
      // With every endpoint hung, a sign-in then costs nothing more than without rules.
      if (nothingToAsk && (!walletsChanged || !hasAllowlist)) return;
      check(accountId, cause, false).catch((error: unknown) => {
        logger.warn({ err: error, accountId }, 'access check failed');
      });
    },
    async close() {
      const pending = [...running.values(), ...queued.values()].map((pendingCheck) =>
        pendingCheck.catch(() => {}),
      );
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all(pending),
        new Promise((resolve) => {
          timer = setTimeout(resolve, p.timeoutMs);
        }),
      ]);
      clearTimeout(timer);
    },
  };
}

const NO_RULES: AccessReportModel = { checkedAt: null, stale: false, rules: [], ruleRoles: [] };

function chainOf(requirement: AccessRule['requirements'][number]): number | undefined {
  return 'chainId' in requirement ? requirement.chainId : undefined;
}

function chainsOf(requirement: AccessRule['requirements'][number]): number[] {
  return 'chainId' in requirement ? [requirement.chainId] : [];
}

function sameRoles(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((role, index) => role === b[index]);
}
