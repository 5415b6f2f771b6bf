import { imageUrl } from '../images/image-url.js';
import { findProfile } from '../profiles/profile-store.js';
import type { Services } from '../services.js';

export type ProfileClaims = {
  /** The profile's display name. */
  name?: string;
  /** An absolute URL of the avatar through the image pipeline (`/images/<id>`). */
  picture?: string;
};

/** The avatar width an app receives: the spec's 256, enough for any sign-in badge. */
const PICTURE_VARIANT = { width: 256, quality: 75 } as const;

/**
 * Scope `profile`'s `name` and `picture` from the account's profile. The
 * person consented to the app reading them, so they are released whether or
 * not the profile is public; unset fields are simply absent.
 */
export async function readProfileClaims(
  services: Pick<Services, 'db' | 'config'>,
  accountId: string,
): Promise<ProfileClaims> {
  const profile = await findProfile(services.db, accountId);
  return {
    ...(profile.display_name !== null && { name: profile.display_name }),
    ...(profile.avatar_image_id !== null && {
      picture: imageUrl(services.config.publicUrl, profile.avatar_image_id, PICTURE_VARIANT),
    }),
  };
}
