/**
 * @sigil/profile-rules: what the server and the web app must agree on about a
 * profile, defined once: the limits and character sets of its text (the
 * server enforces them, the web form warns by them), the avatar an address
 * without an uploaded one is drawn with, and the slots of a public profile's
 * first paint the server fills. This list is the package's whole public
 * surface (index.test.ts snapshots it).
 */
export { generatedAvatarBackground, generatedAvatarColours } from './generated-avatar.js';
export {
  PROFILE_FIRST_PAINT_SLOT,
  PROFILE_FIRST_PAINT_SLOTS,
  type ProfileFirstPaintSlot,
} from './profile-first-paint-slots.js';
export { BIO_MAX, DISPLAY_NAME_MAX, HOSTILE, HOSTILE_IN_BIO } from './profile-text-rules.js';
