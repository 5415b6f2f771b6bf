import type { VariantParameters } from './variant-parameters.js';

/** The absolute URL of a variant under PUBLIC_URL: what the API and the page head give out. */
export function imageUrl(publicUrl: URL, imageId: string, variant: VariantParameters): string {
  const url = new URL(`/images/${imageId}`, publicUrl);
  url.searchParams.set('w', String(variant.width));
  url.searchParams.set('q', String(variant.quality));
  return url.toString();
}
