import { walletAddressOf } from '../accounts/wallet-address.js';
import type { Clock } from '../clock.js';
import { findImageMeta, type ImageMeta } from '../images/image-store.js';
import type { Db } from '../store/database.js';
import { findPublicProfile, type PublicProfileModel } from './public-profile-store.js';

export type ProfilePage = {
  /** The address the path names; undefined when it is no address. */
  wallet: string | undefined;
  profile: PublicProfileModel | undefined;
  avatar: ImageMeta | undefined;
};

/** What the head of `/u/<address>` shows (profile-page-head.ts): the public profile and its avatar. */
export async function findProfilePage(
  services: { db: Db; clock: Clock },
  address: string,
): Promise<ProfilePage> {
  const { db, clock } = services;
  // An Ethereum address in any case, or a base58 Solana one exactly.
  const wallet = walletAddressOf(address);
  const profile = wallet ? await findPublicProfile(db, wallet, clock()) : undefined;
  const avatar = profile?.profile.avatar_image_id
    ? await findImageMeta(db, profile.profile.avatar_image_id)
    : undefined;
  return { wallet, profile, avatar };
}
