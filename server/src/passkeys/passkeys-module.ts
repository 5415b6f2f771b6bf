import type { SigilModule } from '../sigil-module.js';
import { deleteStalePasskeyChallenges } from './passkey-challenge-store.js';
import { passkeyResolvers } from './passkey-resolvers.js';

/** Passkeys (docs/passkeys.md): WebAuthn credentials that sign in to an account. */
export const passkeysModule: SigilModule = {
  name: 'passkeys',
  resolvers: [passkeyResolvers],
  queryCost: {
    lists: (config) => ({ 'Account.passkeys': () => config.passkeys.maxPerAccount }),
  },
  housekeeping: [
    {
      // A ceremony's challenges are kept as nonces are, and counted with them.
      table: 'nonces',
      deleteBatch: ({ db, clock }, batchSize) =>
        deleteStalePasskeyChallenges(db, { now: clock(), batchSize }),
    },
  ],
};
