import type { StoredImageFormat } from './image-table.js';

export type VariantFormat = 'avif' | 'webp' | 'jpeg' | 'png';

export const VARIANT_CONTENT_TYPES: Record<VariantFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

/** The media types of an Accept header that the client did not refuse (q=0). */
function acceptedTypes(accept: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (accept ?? '').slice(0, 2048).split(',')) {
    const [type, ...parameters] = part.trim().toLowerCase().split(';');
    const q = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (type && !(q && Number(q.slice(2)) === 0)) accepted.add(type.trim());
  }
  return accepted;
}

/**
 * AVIF when the client names it, else WebP, else the original's own family:
 * PNG for a PNG (it may be transparent), JPEG for the rest. Only an explicit
 * mention counts: `image/*` is sent by clients that cannot decode AVIF.
 */
export function negotiateFormat(
  accept: string | undefined,
  original: StoredImageFormat,
): VariantFormat {
  const accepted = acceptedTypes(accept);
  if (accepted.has('image/avif')) return 'avif';
  if (accepted.has('image/webp')) return 'webp';
  return original === 'png' ? 'png' : 'jpeg';
}
