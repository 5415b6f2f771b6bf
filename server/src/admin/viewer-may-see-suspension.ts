import type { GraphQLContext } from '../graphql/context.js';
import { isAdministrator } from './is-administrator.js';

/** One admin check per request, however many accounts a list shows. */
const administratorByContext = new WeakMap<GraphQLContext, Promise<boolean>>();

/**
 * An account's suspension is shown to administrators and to the account
 * itself; to anyone else it is null, as if there were none.
 */
export async function viewerMaySeeSuspension(
  context: GraphQLContext,
  accountId: string,
): Promise<boolean> {
  const { session, services } = context;
  if (!session) return false;
  if (session.account_id === accountId) return true;
  let administrator = administratorByContext.get(context);
  if (!administrator) {
    administrator = isAdministrator(services.db, services.config, session.account_id);
    administratorByContext.set(context, administrator);
  }
  return administrator;
}
