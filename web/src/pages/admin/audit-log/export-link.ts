import { AUDIT_LOG_EXPORT_PATH } from '../admin-paths';

/**
 * The JSON Lines export of the audit log between two UTC days, both included: `since`
 * is the first day's start, `until` the start of the day after the last. An empty day
 * leaves that end open.
 */
export function auditLogExportHref(sinceDay: string, untilDay: string): string {
  const parameters = new URLSearchParams();
  const since = dayStart(sinceDay, 0);
  const until = dayStart(untilDay, 1);
  if (since) parameters.set('since', since);
  if (until) parameters.set('until', until);
  const query = parameters.toString();
  return query ? `${AUDIT_LOG_EXPORT_PATH}?${query}` : AUDIT_LOG_EXPORT_PATH;
}

function dayStart(day: string, daysLater: number): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const time = Date.parse(`${day}T00:00:00.000Z`);
  return Number.isNaN(time) ? null : new Date(time + daysLater * 86_400_000).toISOString();
}
