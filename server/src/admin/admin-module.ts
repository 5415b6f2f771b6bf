import type { SigilModule } from '../sigil-module.js';
import { adminResolvers } from './admin-resolvers.js';

/** The administrators' API (docs/administration.md). */
export const adminModule: SigilModule = {
  name: 'admin',
  resolvers: [adminResolvers],
};
