/**
 * @sigil/profile-rules: the limits and character sets of a profile's text,
 * one definition for the server that enforces them and the web form that
 * warns by them. This list is the package's whole public surface
 * (index.test.ts snapshots it).
 */
export { BIO_MAX, DISPLAY_NAME_MAX, HOSTILE, HOSTILE_IN_BIO } from './profile-text-rules.js';
