import type { Config } from '../config/load-config.js';

/**
 * Roles an administrator granted by hand have no cap; an account holding more
 * than this many is an operator's doing, and only that account and
 * administrators read them. An estimate, not a bound the store enforces.
 */
const GRANTED_ROLES_ESTIMATE = 10;

/** How many roles an account may be answered with, for the query cost (docs/api.md, "Query cost"). */
export function rolesBound(config: Config): () => number {
  return () => config.accessRules.length + GRANTED_ROLES_ESTIMATE + 1;
}
