import { BadUserInputError } from '../errors.js';

/** Where a newest-first list stopped: the row's time (epoch ms) and, for rows of the same time, its id. */
export type TimeAndId = { at: number; id: string };

/** A cursor longer than this is not one of ours: never decoded. */
const MAX_CURSOR_LENGTH = 200;

/**
 * The opaque cursors of a list ordered by (time, id), newest first: the
 * position in base64url, named for its list so a cursor of one list is
 * refused by another (BAD_USER_INPUT, never a 5xx). `id` is the shape of the
 * list's ids.
 */
export function timeAndIdCursor(list: string, id: RegExp) {
  const position = new RegExp(`^${list}:(\\d{1,15}):(${id.source})$`);
  return {
    encode(p: TimeAndId): string {
      return Buffer.from(`${list}:${p.at}:${p.id}`).toString('base64url');
    },
    decode(cursor: string): TimeAndId {
      const text =
        cursor.length <= MAX_CURSOR_LENGTH ? Buffer.from(cursor, 'base64url').toString() : '';
      const match = position.exec(text);
      if (!match) throw new BadUserInputError('after is not a cursor of this list.');
      return { at: Number(match[1]), id: match[2] as string };
    },
  };
}
