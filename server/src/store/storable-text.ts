/** What in a text keeps it out of the database, in the words an answer uses. */
export type UnstorableText = 'a NUL character (U+0000)' | 'an unpaired UTF-16 surrogate';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Why `text` cannot be stored as sent, or undefined when it can. PostgreSQL's
 * text refuses U+0000 outright (an error a client's input must never cause,
 * docs/api.md, "Errors"), and a lone surrogate is not UTF-8 at all: the
 * driver would store U+FFFD in its place. SQLite is refused the same, so
 * both databases answer alike.
 */
export function unstorableText(text: string): UnstorableText | undefined {
  if (text.includes('\u0000')) return 'a NUL character (U+0000)';
  if (LONE_SURROGATE.test(text)) return 'an unpaired UTF-16 surrogate';
  return undefined;
}
