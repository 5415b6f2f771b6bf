import type { PatternParamsArgument } from '../../app/path-to';
import { fillPattern } from '../../app/path-to';

/**
 * The console's views. The route table registers `/admin/*?` once, so the console
 * stays mounted (and asks the server whether this viewer may see it once) while its
 * views change below it (docs/web-app.md, "The console").
 */
export const adminPatterns = {
  overview: '/admin',
  accounts: '/admin/accounts',
  account: '/admin/accounts/:id',
  auditLog: '/admin/audit-log',
  webhooks: '/admin/webhooks',
} as const;

export type AdminView = keyof typeof adminPatterns;

/** The path of a console view: `adminPath('account', { id })`. */
export function adminPath<View extends AdminView>(
  view: View,
  ...params: PatternParamsArgument<(typeof adminPatterns)[View]>
): string {
  return fillPattern(adminPatterns[view], ...params);
}

/** Served by the server, not the app: the audit log as JSON Lines (docs/administration.md). */
export const AUDIT_LOG_EXPORT_PATH = '/admin/audit-log.jsonl';
