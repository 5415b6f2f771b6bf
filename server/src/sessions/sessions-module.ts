import type { SigilModule } from '../sigil-module.js';
import { deleteEndedSessions } from './delete-ended-sessions.js';
import { sessionLifetimes } from './session-lifetimes.js';
import { sessionResolvers } from './session-resolvers.js';

/** Sessions: started by a sign-in, ended by a sign-out, a revocation or their lifetime. */
export const sessionsModule: SigilModule = {
  name: 'sessions',
  resolvers: [sessionResolvers],
  housekeeping: [
    {
      table: 'sessions',
      deleteBatch: ({ db, clock, config }, batchSize) =>
        deleteEndedSessions(db, { now: clock(), lifetimes: sessionLifetimes(config), batchSize }),
    },
  ],
};
