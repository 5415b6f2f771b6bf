import { z } from 'zod';

/** Which database, from `DATABASE_URL`. */
export type DatabaseLocation = { kind: 'sqlite'; path: string } | { kind: 'postgres'; url: string };

/** `sqlite:PATH` or a `postgres://` (`postgresql://`) URL. */
export const databaseUrl = z.string().transform((text, context): DatabaseLocation => {
  if (text.startsWith('sqlite:')) {
    const path = text.slice('sqlite:'.length);
    if (!path) context.addIssue('sqlite: needs a file path, e.g. sqlite:./data/sigil.sqlite');
    return { kind: 'sqlite', path };
  }
  if (text.startsWith('postgres://') || text.startsWith('postgresql://')) {
    if (!URL.canParse(text)) context.addIssue('is not a valid postgres:// URL');
    return { kind: 'postgres', url: text };
  }
  context.addIssue('must start with sqlite: or postgres://');
  return z.NEVER;
});
