import { z } from 'zod';
import { formatDuration, parseDuration } from './duration.js';

// The kinds of value the environment holds, as zod schemas whose messages
// quote what the operator wrote; environment-schema.ts composes them.

/** Quotes what the operator wrote, for messages. */
export const quoted = (issue: { input?: unknown }) => `"${String(issue.input)}"`;

export function wholeNumber(min: number, max: number) {
  return z
    .string()
    .regex(/^\d+$/, { error: (issue) => `${quoted(issue)} is not a whole number` })
    .transform(Number)
    .pipe(
      z
        .number()
        .min(min, { error: (issue) => `${issue.input} is out of range (${min} to ${max})` })
        .max(max, { error: (issue) => `${issue.input} is out of range (${min} to ${max})` }),
    );
}

/** A duration (parseDuration's forms) as whole seconds, at most `max` seconds. */
export function duration(max: number) {
  return z.string().transform((text, context) => {
    const seconds = parseDuration(text);
    if (seconds === undefined) {
      context.addIssue(`"${text}" is not a duration (e.g. 90s, 10m, 12h, 30d)`);
      return z.NEVER;
    }
    if (seconds > max) {
      context.addIssue(`"${text}" is longer than ${formatDuration(max)}, the longest allowed`);
      return z.NEVER;
    }
    return seconds;
  });
}

/** An origin only (scheme, host and port), http or https. */
export function origin() {
  return z.string().transform((text, context) => {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      context.addIssue(`"${text}" is not a URL (expected e.g. http://localhost:3000)`);
      return z.NEVER;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      context.addIssue(`"${text}" must use http or https`);
      return z.NEVER;
    }
    if (url.pathname !== '/' || url.search || url.hash || url.username || url.password) {
      context.addIssue(`"${text}" must be an origin only (scheme, host and port)`);
      return z.NEVER;
    }
    return url;
  });
}

/** A comma-separated list, spaces around items dropped; `dropEmpty` forgives `a,,b` and a trailing comma. */
export function commaList<T extends z.ZodType<unknown, string>>(
  item: T,
  { dropEmpty = false } = {},
) {
  return z
    .string()
    .transform((text) =>
      text
        .split(',')
        .map((part) => part.trim())
        .filter((part) => !dropEmpty || part !== ''),
    )
    .pipe(z.array(item));
}

/** The first problem's message: a config error is one line. */
export function firstMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'is not valid';
}
