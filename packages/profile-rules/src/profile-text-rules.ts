/**
 * What a profile's display name and bio may hold. The server refuses text
 * that breaks these rules (server/src/profiles/validate-profile.ts); the web
 * form warns by the same rules while a person types, so the two never
 * disagree. Lengths count code points after Unicode NFC normalisation and
 * trimming: what a person counts, and what bounds storage (a grapheme can be
 * unbounded).
 */

export const DISPLAY_NAME_MAX = 50;
export const BIO_MAX = 280;

/**
 * Characters a name or bio may not carry: control characters (C0, C1),
 * format characters (bidirectional overrides and isolates U+202A–202E,
 * U+2066–2069, marks, zero-width spaces, invisible operators, tag characters
 * that hide text), and line/paragraph separators. ZWNJ and ZWJ stay: scripts
 * (Persian, Indic) and emoji sequences need them.
 */
export const HOSTILE = /(?!\u200C|\u200D)[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;
/** HOSTILE, except that a bio may hold line breaks. */
export const HOSTILE_IN_BIO = /(?!\u200C|\u200D|\n)[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;
