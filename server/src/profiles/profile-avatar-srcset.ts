import { DEFAULT_IMAGE_QUALITY } from '../images/image-limits.js';
import type { ImageMeta } from '../images/image-store.js';
import { imageUrl } from '../images/image-url.js';

/**
 * The widths the page's avatar offers in its `srcset`, and how wide it is drawn, as the
 * profile's first paint draws it (web/src/components/responsive-image.tsx, `sizes="112px"`):
 * the head's preload (profile-page-head.ts) and the avatar in the page (profile-first-paint.ts)
 * name the same URLs, or the browser fetches the avatar twice.
 */
const AVATAR_SRCSET_WIDTHS = [128, 256, 384, 512, 640, 768, 1024, 1280, 1600] as const;
export const AVATAR_SIZES = '112px';

/**
 * The avatar's `srcset` with the URLs the API gives its ImageFields (`url(width: …)`, the
 * default quality): every width up to the original's, at least one.
 */
export function avatarSrcSet(publicUrl: URL, avatar: ImageMeta): string {
  const fitting = AVATAR_SRCSET_WIDTHS.filter((width) => width <= avatar.width);
  const widths = fitting.length > 0 ? fitting : AVATAR_SRCSET_WIDTHS.slice(0, 1);
  return widths
    .map(
      (width) =>
        `${imageUrl(publicUrl, avatar.id, { width, quality: DEFAULT_IMAGE_QUALITY })} ${width}w`,
    )
    .join(', ');
}
