import { MAX_USER_AGENT_LENGTH } from '../changes/change-source.js';
import { connection, MAX_PAGE, page } from '../graphql/list-bounds.js';
import type { SigilModule } from '../sigil-module.js';
import { accountResolvers } from './account-resolvers.js';
import { walletResolvers } from './wallet-resolvers.js';

/** Accounts and their wallets (docs/wallets.md). */
export const accountsModule: SigilModule = {
  name: 'accounts',
  resolvers: [accountResolvers, walletResolvers],
  queryCost: {
    lists: (config) => ({
      'Account.wallets': () => config.maxWalletsPerAccount,
      'SignInConnection.edges': connection,
    }),
    pages: { 'Account.signIns': page(MAX_PAGE) },
    // A header's characters are bytes (latin1): each is at most two in UTF-8.
    largeFields: { 'SignIn.userAgent': MAX_USER_AGENT_LENGTH * 2 },
  },
};
