import { getAddress } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/support/each-database.js';
import { isListed } from '../access/evaluate-access.js';
import { findOrCreateAccountForWallet } from '../accounts/account-store.js';
import { walletIdentity } from '../accounts/wallet-identity.js';
import { grantRole } from './granted-role-store.js';
import { isAdministrator, isConfiguredAdministrator } from './is-administrator.js';

const T0 = 1_764_000_000_000;

/**
 * ADMIN_ADDRESSES reads its entries as an allowlist does
 * (accounts/listed-wallet-identities.ts): for an EOA and a contract wallet,
 * every kind of entry grants `admin` exactly when the same entry lists the
 * wallet in an allowlist.
 */
describeEachDatabase('isAdministrator', (database) => {
  const db = () => database.store.db;

  async function accountWith(kind: 'EOA' | 'CONTRACT', address: `0x${string}`, chainId: number) {
    const identity = walletIdentity({ address, chainId, verifiedAs: kind });
    const { account } = await findOrCreateAccountForWallet(db(), { identity, now: T0 });
    const wallet = {
      namespace: 'eip155' as const,
      address,
      kind,
      chainId: kind === 'EOA' ? null : chainId,
    };
    return { accountId: account.id, wallet };
  }

  it('grants admin for the same entries that list the wallet in an allowlist, EOA and contract wallet alike', async () => {
    const eoaAddress = privateKeyToAddress(generatePrivateKey());
    const contractAddress = getAddress(privateKeyToAddress(generatePrivateKey()));
    const eoa = await accountWith('EOA', eoaAddress, 1);
    const contract = await accountWith('CONTRACT', contractAddress, 8453);
    const cases = [
      // [entry, wallet, listed]
      [eoaAddress, eoa, true],
      [`eip155:1:${eoaAddress}`, eoa, true],
      [`eip155:8453:${eoaAddress}`, eoa, true],
      [`eip155:8453:${contractAddress}`, contract, true],
      [contractAddress, contract, false],
      [`eip155:1:${contractAddress}`, contract, false],
      [`eip155:8453:${eoaAddress}`, contract, false],
    ] as const;
    for (const [entry, { accountId, wallet }, listed] of cases) {
      const label = `${entry} for the ${wallet.kind} wallet`;
      expect(isListed(wallet, [entry]), `allowlist: ${label}`).toBe(listed);
      expect(
        await isAdministrator(db(), { adminWallets: [entry] }, accountId),
        `ADMIN_ADDRESSES: ${label}`,
      ).toBe(listed);
    }
  });

  it('tells an administrator by ADMIN_ADDRESSES from one by grant only', async () => {
    const listedAddress = privateKeyToAddress(generatePrivateKey());
    const listed = await accountWith('EOA', listedAddress, 1);
    const granted = await accountWith('EOA', privateKeyToAddress(generatePrivateKey()), 1);
    await grantRole(db(), {
      accountId: granted.accountId,
      role: 'admin',
      now: T0,
      grantedBy: null,
    });
    const config = { adminWallets: [`eip155:10:${listedAddress}`] };
    expect(await isAdministrator(db(), config, listed.accountId)).toBe(true);
    expect(await isConfiguredAdministrator(db(), config, listed.accountId)).toBe(true);
    expect(await isAdministrator(db(), config, granted.accountId)).toBe(true);
    expect(await isConfiguredAdministrator(db(), config, granted.accountId)).toBe(false);
  });
});
