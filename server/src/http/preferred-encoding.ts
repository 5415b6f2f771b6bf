/** The encodings a precompressed page is kept in, best first. */
export const PAGE_ENCODINGS = ['br', 'gzip'] as const;
export type PageEncoding = (typeof PAGE_ENCODINGS)[number];

/**
 * The best of brotli and gzip an `Accept-Encoding` header accepts (a quality
 * above 0, by name or by `*`), or undefined for the page as it is.
 */
export function preferredEncoding(header: string | undefined): PageEncoding | undefined {
  if (!header) return undefined;
  const quality = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    quality.set(name, q === undefined ? 1 : Number(q.slice(2)) || 0);
  }
  return PAGE_ENCODINGS.find((encoding) => (quality.get(encoding) ?? quality.get('*') ?? 0) > 0);
}
