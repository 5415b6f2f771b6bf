import { MAX_USER_AGENT_LENGTH } from '../changes/change-source.js';
import type { SigilModule } from '../sigil-module.js';
import { deleteEndedSessions } from './delete-ended-sessions.js';
import { sessionLifetimes } from './session-lifetimes.js';
import { sessionResolvers } from './session-resolvers.js';

/** Sessions: started by a sign-in, ended by a sign-out, a revocation or their lifetime. */
export const sessionsModule: SigilModule = {
  name: 'sessions',
  resolvers: [sessionResolvers],
  queryCost: {
    // The store keeps no more live sessions than this (end-sessions-beyond-limit.ts).
    lists: (config) => ({ 'Account.sessions': () => config.maxSessionsPerAccount }),
    // A header's characters are bytes (latin1): each is at most two in UTF-8.
    largeFields: { 'Session.userAgent': MAX_USER_AGENT_LENGTH * 2 },
  },
  housekeeping: [
    {
      table: 'sessions',
      deleteBatch: ({ db, clock, config }, batchSize) =>
        deleteEndedSessions(db, { now: clock(), lifetimes: sessionLifetimes(config), batchSize }),
    },
  ],
};
