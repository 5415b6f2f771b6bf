import type { SigilModule } from '../sigil-module.js';
import { accountResolvers } from './account-resolvers.js';
import { walletResolvers } from './wallet-resolvers.js';

/** Accounts and their wallets (docs/wallets.md). */
export const accountsModule: SigilModule = {
  name: 'accounts',
  resolvers: [accountResolvers, walletResolvers],
};
