import { BadUserInputError } from '../errors.js';

/** A position in the log: events sort by time, then id. */
export type AuditPosition = { at: number; id: string };

/** Cursors are opaque to clients; today they wrap an event's time and id. */
export function encodeAuditCursor(p: AuditPosition): string {
  return Buffer.from(`audit:${p.at}:${p.id}`).toString('base64url');
}

export function decodeAuditCursor(cursor: string): AuditPosition {
  const match = /^audit:(\d{1,15}):([0-9a-f-]{36})$/.exec(
    Buffer.from(cursor.slice(0, 200), 'base64url').toString(),
  );
  if (!match) throw new BadUserInputError('after is not a cursor of this list.');
  return { at: Number(match[1]), id: match[2] as string };
}
