/**
 * The places in a public profile's first paint that the server fills for the
 * profile a page shows. The web build renders the profile's first paint once
 * per locale with these in place of its name, address, bio and avatar
 * (web/src/first-paint/prerender-first-paint.tsx); the server writes the
 * profile's own into a copy of it for each `/u/<address>` page
 * (server/src/profiles/profile-first-paint.ts), so the page's content is in
 * the HTML (docs/web-app.md, "The first paint in index.html").
 *
 * Each is a word between two private-use characters: React writes them as
 * they are, in text and in attributes alike, and the server finds them in
 * one pass, so a bio that holds one is written as text and never filled.
 */
export const PROFILE_FIRST_PAINT_SLOTS = {
  name: '\u{E000}name\u{E000}',
  address: '\u{E000}address\u{E000}',
  bio: '\u{E000}bio\u{E000}',
  avatar: '\u{E000}avatar\u{E000}',
} as const;

export type ProfileFirstPaintSlot = keyof typeof PROFILE_FIRST_PAINT_SLOTS;

/** Any slot, with its word captured. */
export const PROFILE_FIRST_PAINT_SLOT = /\u{E000}(name|address|bio|avatar)\u{E000}/gu;
