import { ForbiddenError, UnauthenticatedError } from '../errors.js';
import { isAdministrator } from '../roles/is-administrator.js';
import type { SessionRow } from '../sessions/session-store.js';
import type { GraphQLContext } from './context.js';

/**
 * The viewer's session, when its account holds `admin`: UNAUTHENTICATED
 * without a session, FORBIDDEN for anyone else. Every admin field and
 * mutation starts here.
 */
export async function requireAdministrator(context: GraphQLContext): Promise<SessionRow> {
  const { session } = context;
  if (!session) throw new UnauthenticatedError();
  if (!(await viewerIsAdministrator(context))) throw new ForbiddenError();
  return session;
}

/** The viewer's admin check, per request (HTTP) or operation (websocket). */
const checkedByRequest = new WeakMap<GraphQLContext, Promise<boolean>>();

/**
 * Whether the viewer holds `admin`, false without a session. Every admin
 * field checks, so one request asks the database once, not once per field.
 */
export function viewerIsAdministrator(context: GraphQLContext): Promise<boolean> {
  const { session, services } = context;
  if (!session) return Promise.resolve(false);
  let checked = checkedByRequest.get(context);
  if (!checked) {
    checked = isAdministrator(services.db, services.config, session.account_id);
    checkedByRequest.set(context, checked);
  }
  return checked;
}
