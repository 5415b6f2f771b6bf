import { BadUserInputError } from '../errors.js';

/** Cursors are opaque to clients; they wrap the last row's (created_at, id), the list's order. */
export function encodeWebhookDeliveryCursor(row: { created_at: number; id: string }): string {
  return Buffer.from(`whd:${row.created_at}:${row.id}`).toString('base64url');
}

export function decodeWebhookDeliveryCursor(cursor: string): { createdAt: number; id: string } {
  const match = /^whd:(\d{1,15}):([0-9a-f-]{36})$/.exec(
    Buffer.from(cursor.slice(0, 200), 'base64url').toString(),
  );
  if (!match) throw new BadUserInputError('after is not a cursor of this list.');
  return { createdAt: Number(match[1]), id: match[2] as string };
}
