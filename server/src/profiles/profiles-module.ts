import type { SigilModule } from '../sigil-module.js';
import { profileResolvers } from './profile-resolvers.js';

/** Profiles and public profile pages (docs/profiles.md). */
export const profilesModule: SigilModule = {
  name: 'profiles',
  resolvers: [profileResolvers],
};
