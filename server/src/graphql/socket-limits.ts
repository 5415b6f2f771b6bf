/**
 * What one client may hold open at once over websockets and server-sent
 * event streams (one budget for both: stream-budget.ts). Each bound keeps one
 * client from taking an instance's memory and file descriptors for itself;
 * the creation rate of websockets is bounded separately
 * (RATE_LIMIT_PER_MINUTE upgrades per client per minute), so these only cap
 * what stays open.
 */
export const SOCKET_LIMITS = {
  /** Open websockets and event streams per session: every tab of a browser, with room to spare. */
  perSession: 16,
  /** Open websockets and event streams per client address, signed in or not (anonymous ones included). */
  perClient: 256,
  /** Operations in flight on one socket; the app needs one. */
  operationsPerSocket: 32,
  /**
   * The Retry-After of a refusal by one of the bounds above: nothing says
   * when a stream will close, and a client that waits this long before trying
   * again costs one request.
   */
  retryAfterSeconds: 10,
} as const;
