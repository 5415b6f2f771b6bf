import { randomUUID } from 'node:crypto';
import type { Db } from '../store/database.js';
import type { ImagesTable } from './image-table.js';
import type { IngestedImage } from './ingest-image.js';

/** An image without its bytes: what the API shows. */
export type ImageMeta = Pick<ImagesTable, 'id' | 'width' | 'height' | 'content_hash' | 'format'>;

const META = ['id', 'width', 'height', 'content_hash', 'format'] as const;

/** Image ids are UUIDs: anything else is unknown without asking the database. */
export const isImageId = (id: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id);

export async function insertImage(
  db: Db,
  p: { accountId: string; image: IngestedImage; now: number },
): Promise<ImageMeta> {
  const row: ImagesTable = {
    id: randomUUID(),
    account_id: p.accountId,
    format: p.image.format,
    bytes: p.image.bytes,
    width: p.image.width,
    height: p.image.height,
    content_hash: p.image.contentHash,
    created_at: p.now,
  };
  await db.insertInto('images').values(row).execute();
  return {
    id: row.id,
    width: row.width,
    height: row.height,
    content_hash: row.content_hash,
    format: row.format,
  };
}

export async function findImageMeta(db: Db, id: string): Promise<ImageMeta | undefined> {
  if (!isImageId(id)) return undefined;
  return db.selectFrom('images').select(META).where('id', '=', id).executeTakeFirst();
}

/** The stored original's bytes, read only when a variant must be rendered. */
export async function readImageBytes(db: Db, id: string): Promise<Buffer | undefined> {
  const row = await db.selectFrom('images').select('bytes').where('id', '=', id).executeTakeFirst();
  return row ? Buffer.from(row.bytes) : undefined;
}

/**
 * Deletes the account's images but `keep`. An account's only image is its
 * avatar, so this is what replacing or removing it leaves behind, and also
 * what a concurrent replacement left: whichever commits last removes the
 * other's upload, so none is orphaned.
 */
export async function deleteImagesOfAccount(
  db: Db,
  p: { accountId: string; keep: string | null },
): Promise<void> {
  let query = db.deleteFrom('images').where('account_id', '=', p.accountId);
  if (p.keep) query = query.where('id', '!=', p.keep);
  await query.execute();
}
