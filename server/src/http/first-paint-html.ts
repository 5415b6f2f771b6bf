import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locale } from '@sigil/locales';

/**
 * The kinds of page whose first paint differs (web/src/first-paint/prerender-first-paint.tsx).
 * `profile-found` is a public profile's, with slots for the profile of the page
 * (profiles/profile-first-paint.ts); `profile` is the loading line of any other `/u/<address>`.
 */
export type FirstPaintPage = '/' | '/verify' | 'profile' | 'profile-found' | 'other';

/** Each locale's first paint of each kind of page, as the web build wrote them. */
export type FirstPaints = Partial<Record<Locale, Partial<Record<FirstPaintPage, string>>>>;

/** The file the web build writes beside index.html (web/build/first-paint-prerender-plugin.ts). */
const FIRST_PAINT_FILE = 'first-paint.json';
/** index.html's `#root` as built: the loading line alone. */
const ROOT = '<div id="root"><p class="boot" role="status"></p></div>';
const PROFILE_PATH = /^\/u\/0x[0-9a-f]{40}$/;

/** The web build's first paints, or null for a build without them. */
export function readFirstPaints(webRoot: string): FirstPaints | null {
  const file = join(webRoot, FIRST_PAINT_FILE);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as FirstPaints) : null;
}

/** Which first paint main.tsx draws for `path` (web/src/first-paint/first-paint-page.tsx). */
export function firstPaintPageOf(path: string): FirstPaintPage {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {}
  const normalised = decoded.replace(/\/+$/, '').toLowerCase() || '/';
  if (normalised === '/' || normalised === '/verify') return normalised;
  return PROFILE_PATH.test(normalised) ? 'profile' : 'other';
}

/**
 * index.html with main.tsx's first paint of the page in `#root`, in place of
 * the loading line (the stylesheet shows that line instead where the startup
 * script finds the visitor's language is not the one it was written in): the
 * page's content is on screen when the HTML arrives, before any script has
 * loaded, and main.tsx hydrates it (docs/web-app.md, "The first paint in
 * index.html"). Without it, index.html as it is.
 */
export function withFirstPaint(indexHtml: string, firstPaint: string | undefined): string {
  if (firstPaint === undefined || !indexHtml.includes(ROOT)) return indexHtml;
  return indexHtml.replace(ROOT, () => `<div id="root">${firstPaint}</div>`);
}
