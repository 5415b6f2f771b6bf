import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';

export type JsonArrayOrFileOptions<Item> = {
  /** What the array holds, for messages: `clients` reads "expected an array of clients". */
  items: string;
  /** The most items it may hold. */
  max: number;
  /** A field no two items may share, e.g. `client_id`. */
  uniqueBy?: keyof Item & string;
};

/**
 * A JSON array, or the path of a file holding one: lists of objects
 * (OpenID Connect clients) are too long for an environment line, and a file
 * can be mounted as a secret. Each item passes `item`; a problem is one
 * message naming where it is (`0.redirect_uris is …`).
 */
export function jsonArrayOrFile<Item extends z.ZodType>(
  item: Item,
  { items, max, uniqueBy }: JsonArrayOrFileOptions<z.output<Item>>,
) {
  const arraySchema = z.array(item).max(max);
  return z.string().transform((text, context): z.output<Item>[] => {
    const json = text.startsWith('[') ? text : readJsonFile(text, context);
    if (json === undefined) return z.NEVER;
    let value: unknown;
    try {
      value = JSON.parse(json);
    } catch {
      context.addIssue(`is not valid JSON (expected an array of ${items})`);
      return z.NEVER;
    }
    const parsed = arraySchema.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path.length ? issue.path.join('.') : 'the value';
      context.addIssue(`${where} ${issue?.message ?? 'is invalid'}`);
      return z.NEVER;
    }
    if (uniqueBy) {
      const seen = new Set<unknown>();
      for (const entry of parsed.data) {
        const key = entry[uniqueBy];
        if (seen.has(key)) {
          context.addIssue(`${uniqueBy} "${String(key)}" is listed twice`);
          return z.NEVER;
        }
        seen.add(key);
      }
    }
    return parsed.data;
  });
}

/** The file's text, or undefined once the problem is reported. */
function readJsonFile(path: string, context: z.RefinementCtx): string | undefined {
  if (!existsSync(path)) {
    context.addIssue(`is neither a JSON array nor an existing file ("${path}")`);
    return undefined;
  }
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    context.addIssue(`"${path}" cannot be read (${(error as NodeJS.ErrnoException).code})`);
    return undefined;
  }
}
