import type { GraphQLContext } from './context.js';
import { viewerIsAdministrator } from './require-administrator.js';

/**
 * An account's suspension is shown to administrators and to the account
 * itself; to anyone else it is null, as if there were none.
 */
export async function viewerMaySeeSuspension(
  context: GraphQLContext,
  accountId: string,
): Promise<boolean> {
  if (context.session?.account_id === accountId) return true;
  return viewerIsAdministrator(context);
}
