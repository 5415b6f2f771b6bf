import { connection, MAX_PAGE, page } from '../graphql/list-bounds.js';
import type { SigilModule } from '../sigil-module.js';
import { adminResolvers } from './admin-resolvers.js';
import { SIGN_INS_BY_DAY_MAX } from './admin-stats.js';

/** The administrators' API (docs/administration.md). */
export const adminModule: SigilModule = {
  name: 'admin',
  resolvers: [adminResolvers],
  queryCost: {
    lists: () => ({
      'AdminStats.signInsByDay': (args) =>
        typeof args.days === 'number'
          ? Math.min(args.days, SIGN_INS_BY_DAY_MAX)
          : SIGN_INS_BY_DAY_MAX,
      'AccountConnection.edges': connection,
    }),
    pages: { 'Admin.accounts': page(MAX_PAGE) },
  },
};
