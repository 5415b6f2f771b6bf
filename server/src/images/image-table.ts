/** The images module's table. The bytes are the uploaded original, auto-rotated and stripped of metadata. */
export type ImagesTable = {
  id: string;
  /** The account that uploaded it. */
  account_id: string;
  format: StoredImageFormat;
  bytes: Uint8Array;
  width: number;
  height: number;
  /** SHA-256 of `bytes`, hex: the base of every variant's ETag. */
  content_hash: string;
  created_at: number;
};

/** Formats an original is kept in (a GIF keeps its first frame, as PNG). */
export type StoredImageFormat = 'png' | 'jpeg' | 'webp' | 'avif';

// This module's tables join the one Database type (docs/architecture.md, "How to add a module").
declare module '../store/database.js' {
  interface Database {
    images: ImagesTable;
  }
}
