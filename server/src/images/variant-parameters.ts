import { DEFAULT_IMAGE_QUALITY, IMAGE_QUALITIES, IMAGE_WIDTHS } from './image-limits.js';

export type VariantParameters = { width: number; quality: number };

export class VariantParameterError extends Error {
  override readonly name = 'VariantParameterError';
  constructor(
    readonly parameter: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Width and quality of a variant, from the specification's lists only: an
 * open range would let anyone fill the cache with a variant per pixel.
 * `parameters` names them as the caller does (`w`/`q` in a URL,
 * `width`/`quality` in GraphQL).
 */
export function parseVariantParameters(
  width: unknown,
  quality: unknown,
  names: { width: string; quality: string } = { width: 'w', quality: 'q' },
): VariantParameters {
  const parsedWidth = asInteger(width);
  if (parsedWidth === undefined || !(IMAGE_WIDTHS as readonly number[]).includes(parsedWidth)) {
    throw new VariantParameterError(
      names.width,
      `${names.width} must be one of ${IMAGE_WIDTHS.join(', ')}.`,
    );
  }
  const parsedQuality =
    quality === undefined || quality === null ? DEFAULT_IMAGE_QUALITY : asInteger(quality);
  if (
    parsedQuality === undefined ||
    !(IMAGE_QUALITIES as readonly number[]).includes(parsedQuality)
  ) {
    throw new VariantParameterError(
      names.quality,
      `${names.quality} must be one of ${IMAGE_QUALITIES.join(', ')} (default ${DEFAULT_IMAGE_QUALITY}).`,
    );
  }
  return { width: parsedWidth, quality: parsedQuality };
}

function asInteger(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isInteger(value) ? value : undefined;
  if (typeof value === 'string' && /^\d{1,5}$/.test(value)) return Number(value);
  return undefined;
}
