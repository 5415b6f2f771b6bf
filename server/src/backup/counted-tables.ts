/**
 * The tables whose rows a check reports (docs/operations.md, "Backups"): who
 * the accounts are and what they did, which is what a restore must bring back.
 */
export const COUNTED_TABLES = [
  'accounts',
  'wallets',
  'sessions',
  'sign_ins',
  'audit_events',
] as const;

export type CountedTable = (typeof COUNTED_TABLES)[number];
