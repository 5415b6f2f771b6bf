import {
  generatedAvatarBackground,
  PROFILE_FIRST_PAINT_SLOT,
  PROFILE_FIRST_PAINT_SLOTS,
  type ProfileFirstPaintSlot,
} from '@sigil/profile-rules';
import { walletAddressOf } from '../accounts/wallet-address.js';
import type { Config } from '../config/load-config.js';
import { escapeHtml } from '../html/escape-html.js';
import { DEFAULT_IMAGE_QUALITY } from '../images/image-limits.js';
import type { ImageMeta } from '../images/image-store.js';
import { imageUrl } from '../images/image-url.js';
import { AVATAR_SIZES, avatarSrcSet } from './profile-avatar-srcset.js';
import type { PublicProfileModel } from './public-profile-store.js';

/** How large the profile's first paint draws its avatar (web/src/first-paint/first-paint-profile.tsx). */
const AVATAR_PX = 112;

/**
 * The avatar as the web app's first paint draws it: ResponsiveImage for an uploaded one (the
 * API's own URLs, w256 as its `src`), GeneratedAvatar otherwise. The web app renders over it
 * with the same boxes (web/src/first-paint/prerender-first-paint.test.tsx holds the markup both
 * agree on).
 */
export function profileAvatarHtml(
  publicUrl: URL,
  address: string,
  avatar: ImageMeta | undefined,
): string {
  if (avatar) {
    const src = imageUrl(publicUrl, avatar.id, { width: 256, quality: DEFAULT_IMAGE_QUALITY });
    return `<img class="avatar avatar-large" src="${escapeHtml(src)}" srcset="${escapeHtml(avatarSrcSet(publicUrl, avatar))}" sizes="${AVATAR_SIZES}" alt="" width="${AVATAR_PX}" height="${AVATAR_PX}" decoding="async"/>`;
  }
  const style = `width:${AVATAR_PX}px;height:${AVATAR_PX}px;background:${generatedAvatarBackground(address)}`;
  return `<span class="avatar avatar-generated avatar-large" data-testid="generated-avatar" aria-hidden="true" style="${escapeHtml(style)}"></span>`;
}

/**
 * `/u/<address>`'s page with the public profile's section in it: the web
 * build's first paint of a found profile in the visitor's language, its
 * slots (@sigil/profile-rules) filled with the profile's name, address, bio
 * and avatar, escaped. The name and the avatar are then on screen when the
 * HTML arrives, as on `/` and `/verify`, rather than after the entry has
 * loaded and asked for them (docs/web-app.md, "The first paint in
 * index.html"); main.tsx renders the same section over it once it has the
 * profile's answer.
 */
export function withProfileFirstPaint(
  foundPageHtml: string,
  p: {
    config: Pick<Config, 'publicUrl'>;
    profile: PublicProfileModel;
    avatar: ImageMeta | undefined;
  },
): string {
  const address = walletAddressOf(p.profile.address) ?? p.profile.address;
  const bio = p.profile.profile.bio;
  const filled: Record<ProfileFirstPaintSlot, string> = {
    name: escapeHtml(p.profile.profile.display_name ?? address),
    address: escapeHtml(address),
    bio: bio ? escapeHtml(bio) : '',
    avatar: profileAvatarHtml(p.config.publicUrl, address, p.avatar),
  };
  // A profile without a bio has no bio paragraph, as PublicProfileHeader draws it.
  const page = bio ? foundPageHtml : foundPageHtml.replace(BIO_PARAGRAPH, () => '');
  // One pass, each replacement a function: what a slot is filled with is never read again
  // for slots, nor for `$&`-style patterns (a bio may hold either).
  return page.replace(PROFILE_FIRST_PAINT_SLOT, (_, slot: ProfileFirstPaintSlot) => filled[slot]);
}

/** The bio's paragraph around its slot, as React writes it. */
const BIO_PARAGRAPH = `<p class="bio">${PROFILE_FIRST_PAINT_SLOTS.bio}</p>`;
