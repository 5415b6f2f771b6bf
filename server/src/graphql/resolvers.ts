import { accessResolvers } from '../access/access-resolvers.js';
import { accountResolvers } from '../accounts/account-resolvers.js';
import { walletResolvers } from '../accounts/wallet-resolvers.js';
import { adminResolvers } from '../admin/admin-resolvers.js';
import { auditResolvers } from '../audit/audit-resolvers.js';
import { authResolvers } from '../auth/auth-resolvers.js';
import { eventResolvers } from '../events/event-resolvers.js';
import { imageResolvers } from '../images/image-resolvers.js';
import { connectedAppResolvers } from '../oidc/connected-app-resolvers.js';
import { deviceLoginResolvers } from '../oidc/device/device-login-resolvers.js';
import { passkeyResolvers } from '../passkeys/passkey-resolvers.js';
import { profileResolvers } from '../profiles/profile-resolvers.js';
import { sessionResolvers } from '../sessions/session-resolvers.js';
import { webhookResolvers } from '../webhooks/webhook-resolvers.js';
import type { Resolvers } from './generated/resolvers-types.js';
import { AddressScalar, DateTimeScalar, FileScalar } from './scalars.js';

/**
 * Every module's resolvers, merged by Yoga's schema builder in this order:
 * each module owns its part of Query, Mutation, Subscription and its types;
 * this layer adds only the scalars.
 */
export const resolvers: Resolvers[] = [
  { DateTime: DateTimeScalar, Address: AddressScalar, File: FileScalar },
  authResolvers,
  accountResolvers,
  walletResolvers,
  sessionResolvers,
  eventResolvers,
  connectedAppResolvers,
  deviceLoginResolvers,
  profileResolvers,
  imageResolvers,
  accessResolvers,
  adminResolvers,
  auditResolvers,
  webhookResolvers,
  passkeyResolvers,
];
