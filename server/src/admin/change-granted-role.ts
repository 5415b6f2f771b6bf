import { readAccessCheck } from '../access/access-store.js';
import type { ChangeContext } from '../changes/change.js';
import type { ChangeTransaction } from '../changes/change-committer.js';
import { NotFoundError } from '../errors.js';
import type { AccountEventMessage } from '../events/account-events.js';
import { grantRole, listGrantedRoles, revokeRole } from '../roles/granted-role-store.js';
import { heldRoles } from '../roles/held-roles.js';
import type { Services } from '../services.js';
import type { Db } from '../store/database.js';

/** What a role's grant or revocation reads of the services. */
export type RoleChangeServices = Pick<Services, 'changes' | 'config'>;

/**
 * Every role the account holds, as the transaction sees it, with the rules'
 * roles at their last check: no chain is read for an administrator's change.
 */
async function rolesOf(
  trx: Db,
  services: Pick<Services, 'config'>,
  accountId: string,
): Promise<string[]> {
  const check = await readAccessCheck(trx, accountId);
  return heldRoles(trx, services.config, accountId, check?.roles ?? []);
}

type RoleChangeParameters = { accountId: string; role: string; change: ChangeContext };

/**
 * Grants a role outside the rules (docs/access.md, docs/administration.md),
 * recorded in the same transaction; ROLES_CHANGED follows when the
 * account's roles moved. Granting a role already granted changes nothing.
 */
export async function grantRoleAndNotify(services: RoleChangeServices, p: RoleChangeParameters) {
  await services.changes.commit(async ({ trx, record, publish }) => {
    const before = await rolesOf(trx, services, p.accountId);
    const already = (await listGrantedRoles(trx, p.accountId)).includes(p.role);
    if (already) return;
    await grantRole(trx, {
      accountId: p.accountId,
      role: p.role,
      now: p.change.at,
      grantedBy: p.change.actorId,
    });
    const after = await rolesOf(trx, services, p.accountId);
    await record(p.change, {
      action: 'role_granted',
      accountId: p.accountId,
      role: p.role,
      roles: after,
    });
    publishIfChanged(publish, p, before, after);
  });
}

/** Takes back a granted role: NOT_FOUND when the account was not granted it. */
export async function revokeRoleAndNotify(services: RoleChangeServices, p: RoleChangeParameters) {
  await services.changes.commit(async ({ trx, record, publish }) => {
    const before = await rolesOf(trx, services, p.accountId);
    if (!(await revokeRole(trx, { accountId: p.accountId, role: p.role }))) {
      throw new NotFoundError(`The account was not granted the role ${p.role}.`);
    }
    const after = await rolesOf(trx, services, p.accountId);
    await record(p.change, {
      action: 'role_revoked',
      accountId: p.accountId,
      role: p.role,
      roles: after,
    });
    publishIfChanged(publish, p, before, after);
  });
}

function publishIfChanged(
  publish: ChangeTransaction<AccountEventMessage>['publish'],
  p: RoleChangeParameters,
  before: string[],
  after: string[],
) {
  if (before.join(' ') === after.join(' ')) return;
  // No session of the account acted, so none is named: each subscriber sees
  // its own, never the administrator's.
  publish({
    type: 'ROLES_CHANGED',
    at: p.change.at,
    accountId: p.accountId,
    actor: 'ADMINISTRATOR',
    roles: after,
  });
}
