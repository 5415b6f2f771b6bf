import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';

export type JsonArrayOrFileOptions<Item> = {
  /** What the array holds, for messages: `clients` reads "expected an array of clients". */
  items: string;
  /** The most items it may hold. */
  max: number;
  /** A field no two items may share, e.g. `client_id`. */
  uniqueBy?: keyof Item & string;
  /**
   * How a message names an item, from what was written: `rule 2 ("member")`
   * rather than `2`. @default the item's index
   */
  describeItem?: (written: unknown, index: number) => string;
};

/**
 * A JSON array, or the path of a file holding one: lists of objects
 * (OpenID Connect clients) are too long for an environment line, and a file
 * can be mounted as a secret. Each item passes `item`; a problem is one
 * message naming where it is (`0.redirect_uris is …`).
 */
export function jsonArrayOrFile<Item extends z.ZodType>(
  item: Item,
  { items, max, uniqueBy, describeItem }: JsonArrayOrFileOptions<z.output<Item>>,
) {
  const arraySchema = z.array(item).max(max);
  const where = (path: PropertyKey[], value: unknown): string => {
    if (path.length === 0) return 'the value';
    const [index, ...field] = path;
    if (!describeItem || typeof index !== 'number' || !Array.isArray(value)) return path.join('.');
    const item = describeItem(value[index], index);
    return field.length ? `${item} ${field.join('.')}` : item;
  };
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
      context.addIssue(`${where(issue?.path ?? [], value)} ${issue?.message ?? 'is invalid'}`);
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
