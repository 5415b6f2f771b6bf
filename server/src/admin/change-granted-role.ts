import { readAccessCheck } from '../access/access-store.js';
import type { ChangeContext } from '../changes/change.js';
import { recordChange } from '../changes/record-change.js';
import { NotFoundError } from '../errors.js';
import { grantRole, listGrantedRoles, revokeRole } from '../roles/granted-role-store.js';
import { heldRoles } from '../roles/held-roles.js';
import type { Services } from '../services.js';
import type { Db } from '../store/database.js';

/**
 * Every role the account holds, as the transaction sees it, with the rules'
 * roles at their last check: no chain is read for an administrator's change.
 */
async function rolesOf(trx: Db, services: Services, accountId: string): Promise<string[]> {
  const check = await readAccessCheck(trx, accountId);
  return heldRoles(trx, services.config, accountId, check?.roles ?? []);
}

type RoleChangeParameters = { accountId: string; role: string; change: ChangeContext };

/**
 * Grants a role outside the rules (docs/access.md, docs/administration.md),
 * recorded in the same transaction; ROLES_CHANGED follows when the
 * account's roles moved. Granting a role already granted changes nothing.
 */
export async function grantRoleAndNotify(services: Services, p: RoleChangeParameters) {
  const { before, after } = await services.db.transaction().execute(async (trx) => {
    const before = await rolesOf(trx, services, p.accountId);
    const already = (await listGrantedRoles(trx, p.accountId)).includes(p.role);
    if (already) return { before, after: before };
    await grantRole(trx, {
      accountId: p.accountId,
      role: p.role,
      now: p.change.at,
      grantedBy: p.change.actorId,
    });
    const after = await rolesOf(trx, services, p.accountId);
    await recordChange(trx, services.config, p.change, {
      action: 'role_granted',
      accountId: p.accountId,
      role: p.role,
      roles: after,
    });
    return { before, after };
  });
  publishIfChanged(services, p, before, after);
}

/** Takes back a granted role: NOT_FOUND when the account was not granted it. */
export async function revokeRoleAndNotify(services: Services, p: RoleChangeParameters) {
  const { before, after } = await services.db.transaction().execute(async (trx) => {
    const before = await rolesOf(trx, services, p.accountId);
    if (!(await revokeRole(trx, { accountId: p.accountId, role: p.role }))) {
      throw new NotFoundError(`The account was not granted the role ${p.role}.`);
    }
    const after = await rolesOf(trx, services, p.accountId);
    await recordChange(trx, services.config, p.change, {
      action: 'role_revoked',
      accountId: p.accountId,
      role: p.role,
      roles: after,
    });
    return { before, after };
  });
  publishIfChanged(services, p, before, after);
}

function publishIfChanged(
  services: Services,
  p: RoleChangeParameters,
  before: string[],
  after: string[],
) {
  if (before.join(' ') === after.join(' ')) return;
  // No session of the account acted, so none is named: each subscriber sees
  // its own, never the administrator's.
  services.events.publish({
    type: 'ROLES_CHANGED',
    at: p.change.at,
    accountId: p.accountId,
    actor: 'ADMINISTRATOR',
    roles: after,
  });
}
