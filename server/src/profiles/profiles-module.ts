import { MAX_SIWE_MESSAGE_LENGTH } from '@sigil/siwe';
import { MAX_SIGNATURE_HEX_LENGTH } from '../auth/verify-signed-message.js';
import type { SigilModule } from '../sigil-module.js';
import { profileResolvers } from './profile-resolvers.js';

/** Profiles and public profile pages (docs/profiles.md). */
export const profilesModule: SigilModule = {
  name: 'profiles',
  resolvers: [profileResolvers],
  queryCost: {
    lists: (config) => ({ 'PublicProfile.wallets': () => config.maxWalletsPerAccount }),
    // A proof is up to 16 KiB of message and 8 KiB of signature, 16 KiB in
    // hex (auth/verify-signed-message.ts).
    largeFields: {
      'WalletProof.message': MAX_SIWE_MESSAGE_LENGTH,
      'WalletProof.signature': MAX_SIGNATURE_HEX_LENGTH,
    },
  },
};
