import type { Config } from '../config/load-config.js';
import { escapeHtml } from '../html/escape-html.js';
import type { PageTranslator } from '../i18n/page-catalogues.js';
import { PROFILE_PAGE_MESSAGES as M } from '../i18n/page-messages.js';
import type { ImageMeta } from '../images/image-store.js';
import { imageUrl } from '../images/image-url.js';
import { AVATAR_SIZES, avatarSrcSet } from './profile-avatar-srcset.js';
import type { PublicProfileModel } from './public-profile-store.js';

/** The avatar variant link previews get: large enough for every card, small enough to fetch fast. */
const OG_IMAGE = { width: 512, quality: 75 } as const;
const DESCRIPTION_MAX = 200;
const shortAddress = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;

function clip(text: string, max: number) {
  const points = [...text.replace(/\s+/g, ' ')];
  return points.length <= max ? points.join('') : `${points.slice(0, max - 1).join('')}…`;
}

/**
 * The head of /u/<address> for a public profile: title, description, Open
 * Graph and Twitter card tags, so a shared link previews. Only what the
 * public profile itself shows goes in (name, bio, avatar, the page's
 * address); the caller passes no profile for a private or unknown one and
 * gets the app's generic head back, unchanged.
 */
export function renderProfilePageHead(
  indexHtml: string,
  p: {
    config: Pick<Config, 'publicUrl' | 'appName'>;
    profile: PublicProfileModel | undefined;
    avatar: ImageMeta | undefined;
    /** The visitor's language (i18n/request-locale.ts): `indexHtml` is already in it. */
    translator: PageTranslator;
  },
): string {
  if (!p.profile) return indexHtml;
  const { profile, avatar, config, translator } = p;
  const name = profile.profile.display_name ?? shortAddress(profile.address);
  const words = { name, appName: config.appName };
  const title = translator.t(M.title, words);
  const description = clip(
    profile.profile.bio ?? translator.t(M.description, words),
    DESCRIPTION_MAX,
  );
  const pageUrl = new URL(`/u/${profile.address}`, config.publicUrl).toString();
  const image = avatar ? imageUrl(config.publicUrl, avatar.id, OG_IMAGE) : undefined;
  const meta = (attribute: 'name' | 'property', key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', description),
    meta('property', 'og:type', 'profile'),
    meta('property', 'og:site_name', config.appName),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', pageUrl),
    ...(image ? [meta('property', 'og:image', image), meta('property', 'og:image:alt', name)] : []),
    meta('name', 'twitter:card', 'summary'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    ...(image ? [meta('name', 'twitter:image', image)] : []),
    // The avatar is the page's largest paint: fetched from the start, beside the scripts,
    // rather than after them and the profile's answer (docs/web-app.md, "The first paint in
    // index.html").
    ...(avatar
      ? [
          `<link rel="preload" as="image" imagesrcset="${escapeHtml(avatarSrcSet(config.publicUrl, avatar))}" imagesizes="${AVATAR_SIZES}" fetchpriority="high" />`,
        ]
      : []),
  ];
  // Every replacement is a function: a replacement string would expand the
  // `$&`, `` $` ``, `$'` and `$$` a name or bio may hold into parts of the page
  // (test/page-templates.test.ts).
  const head = `  ${tags.join('\n    ')}\n  </head>`;
  return indexHtml
    .replace(/<title>[\s\S]*?<\/title>\s*/i, () => '')
    .replace(/<meta\s+name="description"[^>]*>\s*/i, () => '')
    .replace(/<\/head>/i, () => head);
}
