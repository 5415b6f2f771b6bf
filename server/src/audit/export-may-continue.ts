import { isAdministrator } from '../roles/is-administrator.js';
import type { Services } from '../services.js';
import { isSessionLive, sessionLifetimes } from '../sessions/session-lifetimes.js';
import { findSessionById, type SessionRow } from '../sessions/session-store.js';

/**
 * Whether an audit log export may send its next batch: the session that
 * opened it is still live (not signed out, revoked, ended by a suspension or
 * expired) and its account still holds `admin`. One read by primary key and
 * the admin check, once a batch (docs/administration.md, "Audit log").
 */
export async function exportMayContinue(
  services: Pick<Services, 'db' | 'clock' | 'config'>,
  session: Pick<SessionRow, 'id'>,
): Promise<boolean> {
  const row = await findSessionById(services.db, session.id);
  if (!row || !isSessionLive(row, services.clock(), sessionLifetimes(services.config))) {
    return false;
  }
  return isAdministrator(services.db, services.config, row.account_id);
}
