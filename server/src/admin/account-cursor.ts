import { BadUserInputError } from '../errors.js';

/** Where a page of the accounts list ends: newest first, so by creation time, then id. */
export type AccountPosition = { createdAt: number; id: string };

/** Cursors are opaque to clients; today they wrap the last account's position. */
export function encodeAccountCursor(position: AccountPosition): string {
  return Buffer.from(`account:${position.createdAt}:${position.id}`).toString('base64url');
}

export function decodeAccountCursor(cursor: string): AccountPosition {
  const match = /^account:(\d{1,15}):([A-Za-z0-9-]{1,64})$/.exec(
    Buffer.from(cursor.slice(0, 200), 'base64url').toString(),
  );
  if (!match) throw new BadUserInputError('after is not a cursor of this list.');
  return { createdAt: Number(match[1]), id: match[2] as string };
}
