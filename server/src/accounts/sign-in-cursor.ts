import { BadUserInputError } from '../errors.js';

/** Cursors are opaque to clients; today they wrap the history's sequence number. */
export function encodeSignInCursor(seq: number): string {
  return Buffer.from(`signin:${seq}`).toString('base64url');
}

export function decodeSignInCursor(cursor: string): number {
  const match = /^signin:(\d{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!match) throw new BadUserInputError('after is not a cursor of this list.');
  return Number(match[1]);
}
