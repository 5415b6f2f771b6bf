import type { AccountRow } from '../accounts/account-store.js';
import type { AdminModel, AdminStatsModel } from '../admin/admin-models.js';
import type { SuspensionRow } from '../admin/suspension-store.js';
import type { SignInRow } from '../accounts/sign-in-store.js';
import type { WalletView } from '../accounts/wallet-store.js';
import type { AccountEventMessage } from '../events/account-events.js';
import type { ImageMeta } from '../images/image-store.js';
import type { ConnectedAppView } from '../oidc/connected-app-store.js';
import type { ProfileRow } from '../profiles/profile-store.js';
import type { PublicProfileModel, PublishedWallet } from '../profiles/public-profile-store.js';
import type { SessionRow } from '../sessions/session-store.js';

import type { WebhookDeliveryRow } from '../webhooks/webhook-delivery-store.js';
/** What resolvers pass around: database rows; field resolvers shape them for the API. */
export type Account = AccountRow;
export type Session = SessionRow;
export type SignIn = SignInRow;
export type AccountEvent = AccountEventMessage;
export type Wallet = WalletView;
export type ConnectedApp = ConnectedAppView;
export type Profile = ProfileRow;
export type Image = ImageMeta;
export type PublicProfile = PublicProfileModel;
export type PublicWallet = PublishedWallet;
export type Admin = AdminModel;
export type WebhookDelivery = WebhookDeliveryRow;
export type AdminStats = AdminStatsModel;
export type Suspension = SuspensionRow;
