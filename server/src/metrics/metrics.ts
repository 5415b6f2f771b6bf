// The kind as accounts/ stores it (the same three as the verifier's), so metrics/ needs nothing of auth/.
import type { VerifiedWalletKind as WalletKind } from '../accounts/wallet-identity.js';
import type { ErrorCode } from '../errors.js';
import type { RedisHealth } from '../store/create-redis-client.js';

/** How busy the signature-recovery workers are, at the moment it is asked. */
export type PoolStats = {
  /** Jobs waiting for a free worker. */
  queueDepth: number;
  /** The share of workers running a job, 0 to 1. */
  utilisation: number;
};

/** Each dependency's state as /readyz sees it. */
export type DependencyHealth = { database: boolean; redis: RedisHealth };

/**
 * Live readings, taken at each scrape rather than counted as they change: a
 * reading cannot drift from the truth the way a gauge moved by hand can.
 */
export type MetricsSources = {
  openWebsockets(): number;
  activeSubscriptions(): number;
  signaturePool(): PoolStats;
  dependencies(): Promise<DependencyHealth>;
  /**
   * Seconds since the oldest webhook message still waiting was stored; 0 when
   * none waits; undefined when the database did not answer (the scrape goes on).
   */
  oldestPendingWebhookSeconds(): Promise<number | undefined>;
};

/** How a webhook attempt ended (webhooks/webhook-dispatcher.ts). */
export type WebhookAttemptOutcome = 'delivered' | 'retry' | 'failed';

/** Which bound on open websockets refused (graphql/socket-limits.ts). */
export type SocketLimit = 'sockets_per_client' | 'sockets_per_session' | 'operations_per_socket';

/** The tables housekeeping deletes from, in the order a run visits them (housekeeping/run-housekeeping.ts). */
export const HOUSEKEPT_TABLES = [
  'sessions',
  'nonces',
  'oidc_models',
  'webhook_deliveries',
  'audit_events',
] as const;

/** Which table a housekeeping run deleted from. */
export type HousekeptTable = (typeof HOUSEKEPT_TABLES)[number];

/**
 * What the modules report. Every hook is cheap and synchronous, and does
 * nothing when METRICS_PORT is off (`noMetrics`), so modules call it
 * unconditionally.
 */
export type Metrics = {
  /** A signIn mutation ended: `ok`, or refused with its error code. */
  signInFinished(p: {
    code: 'ok' | ErrorCode;
    /** Known once the signature was verified. */
    walletKind: WalletKind | undefined;
    seconds: number;
  }): void;
  nonceIssued(): void;
  /** A nonce was marked used (by a sign-in or a link, whatever followed). */
  nonceConsumed(): void;
  /** A client was refused by its rate limit for `operation` (createNonce, signIn, websocket, …). */
  rateLimitRefused(operation: string): void;
  /** A websocket upgrade or operation was refused by a bound on what stays open. */
  socketLimitRefused(limit: SocketLimit): void;
  housekept(p: { table: HousekeptTable; deleted: number }): void;
  housekeepingFailed(): void;
  /** A webhook attempt ended: delivered, to be retried, or the last one failed. */
  webhookAttempted(p: { endpoint: string; outcome: WebhookAttemptOutcome }): void;
  /** Registers live readings; a later call replaces a source of the same name. */
  observe(sources: Partial<MetricsSources>): void;
  /** The Prometheus text exposition and its content type; undefined when off. */
  expose: (() => Promise<{ contentType: string; text: string }>) | undefined;
};

/** Metrics off: every hook does nothing. */
export const noMetrics: Metrics = {
  signInFinished() {},
  nonceIssued() {},
  nonceConsumed() {},
  rateLimitRefused() {},
  socketLimitRefused() {},
  housekept() {},
  housekeepingFailed() {},
  webhookAttempted() {},
  observe() {},
  expose: undefined,
};
