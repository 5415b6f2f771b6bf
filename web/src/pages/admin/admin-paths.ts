import type { PatternParamsArgument } from '../../app/path-to';
import { fillPattern } from '../../app/path-to';
import { adminViewPatterns } from '../../app/route-patterns';

/** The console's views (defined beside the app's routes, which the server's list is held to). */
export const adminPatterns = adminViewPatterns;

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
