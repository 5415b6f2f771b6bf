import type { ImageFieldsFragment } from '../graphql/generated/graphql';

/** The widths of the image pipeline (docs/profiles.md), smallest first, with their fields. */
const WIDTHS = [
  [128, 'w128'],
  [256, 'w256'],
  [384, 'w384'],
  [512, 'w512'],
  [640, 'w640'],
  [768, 'w768'],
  [1024, 'w1024'],
  [1280, 'w1280'],
  [1600, 'w1600'],
] as const;

/**
 * The `srcset` of an uploaded image: every width of the pipeline up to the original's
 * (the server never upscales, so a wider entry would only repeat one), at least one.
 */
export function imageSrcSet(image: ImageFieldsFragment): string {
  const fitting = WIDTHS.filter(([width]) => width <= image.width);
  const entries = fitting.length > 0 ? fitting : WIDTHS.slice(0, 1);
  return entries.map(([width, field]) => `${image[field]} ${width}w`).join(', ');
}

export type ResponsiveImageProps = {
  image: ImageFieldsFragment;
  /** The `sizes` attribute: how wide the image is drawn, so the browser picks a width. */
  sizes: string;
  alt: string;
  className?: string;
  /** Drawn size in CSS pixels (the box is square for avatars). */
  width: number;
  height: number;
};

/** An uploaded image, with `srcset`/`sizes` from the pipeline's widths. */
export function ResponsiveImage({
  image,
  sizes,
  alt,
  className,
  width,
  height,
}: ResponsiveImageProps) {
  return (
    <img
      className={className}
      src={image.w256}
      srcSet={imageSrcSet(image)}
      sizes={sizes}
      alt={alt}
      width={width}
      height={height}
      decoding="async"
    />
  );
}
