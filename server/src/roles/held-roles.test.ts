import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/support/each-database.js';
import { findOrCreateAccountForWallet } from '../accounts/account-store.js';
import { walletIdentity } from '../accounts/wallet-identity.js';
import { grantRole, revokeRole } from './granted-role-store.js';
import { heldRoles } from './held-roles.js';
import { isAdministrator } from './is-administrator.js';

const T0 = 1_764_000_000_000;

/**
 * The one answer to "which roles does this account hold" (docs/access.md,
 * "Evaluation"): the rules' roles as given, the granted ones, and `admin` by grant
 * or by ADMIN_ADDRESSES; sorted, each once.
 */
describeEachDatabase('heldRoles', (database) => {
  const db = () => database.store.db;

  async function account() {
    const address = privateKeyToAddress(generatePrivateKey());
    const identity = walletIdentity({ address, chainId: 1, verifiedAs: 'EOA' });
    const { account } = await findOrCreateAccountForWallet(db(), { identity, now: T0 });
    return { accountId: account.id, address };
  }

  it('joins the rules’ roles, the granted ones and admin by ADMIN_ADDRESSES, sorted, each once', async () => {
    const { accountId, address } = await account();
    const grant = (role: string) => grantRole(db(), { accountId, role, now: T0, grantedBy: null });
    await grant('moderator');
    await grant('holder');
    const configured = { adminWallets: [address] };
    expect(await heldRoles(db(), configured, accountId, ['holder', 'beta'])).toEqual([
      'admin',
      'beta',
      'holder',
      'moderator',
    ]);
    expect(await heldRoles(db(), { adminWallets: [] }, accountId, [])).toEqual([
      'holder',
      'moderator',
    ]);
    await revokeRole(db(), { accountId, role: 'moderator' });
    expect(await heldRoles(db(), { adminWallets: [] }, accountId, ['beta'])).toEqual([
      'beta',
      'holder',
    ]);
  });

  it('holds admin by grant alone, and by ADMIN_ADDRESSES alone, as isAdministrator says', async () => {
    const granted = await account();
    const configured = await account();
    await grantRole(db(), {
      accountId: granted.accountId,
      role: 'admin',
      now: T0,
      grantedBy: null,
    });
    const config = { adminWallets: [`eip155:10:${configured.address}`] };
    expect(await heldRoles(db(), config, granted.accountId, [])).toEqual(['admin']);
    expect(await heldRoles(db(), config, configured.accountId, [])).toEqual(['admin']);
    expect(await heldRoles(db(), { adminWallets: [] }, configured.accountId, [])).toEqual([]);
    // The guards' and the export's question gets the same answer.
    expect(await isAdministrator(db(), config, granted.accountId)).toBe(true);
    expect(await isAdministrator(db(), config, configured.accountId)).toBe(true);
    expect(await isAdministrator(db(), { adminWallets: [] }, configured.accountId)).toBe(false);
  });

  it('reads as the transaction it is given sees the roles', async () => {
    const { accountId } = await account();
    await db()
      .transaction()
      .execute(async (trx) => {
        await grantRole(trx, { accountId, role: 'editor', now: T0, grantedBy: null });
        expect(await heldRoles(trx, { adminWallets: [] }, accountId, [])).toEqual(['editor']);
      });
  });
});
