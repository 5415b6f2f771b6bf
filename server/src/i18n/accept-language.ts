/** More than any browser sends: a longer header is cut here, not parsed whole. */
const MAX_LANGUAGES = 32;

/**
 * The languages of an `Accept-Language` header in the visitor's order of
 * preference (by quality, then as listed), without `*` or a quality of 0:
 * what the browser's `navigator.languages` holds, for matchLocale.
 */
export function languagesOf(header: string | undefined): string[] {
  if (!header) return [];
  const ranked: { tag: string; quality: number; at: number }[] = [];
  for (const [at, part] of header.split(',').slice(0, MAX_LANGUAGES).entries()) {
    const [tag = '', ...parameters] = part.split(';').map((piece) => piece.trim());
    if (tag === '' || tag === '*') continue;
    const q = parameters.find((parameter) => /^q=/i.test(parameter));
    const quality = q === undefined ? 1 : Number(q.slice(2));
    if (!(quality > 0) || quality > 1) continue;
    ranked.push({ tag, quality, at });
  }
  return ranked.sort((a, b) => b.quality - a.quality || a.at - b.at).map(({ tag }) => tag);
}
