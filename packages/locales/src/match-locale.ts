/**
 * The supported locale that best serves a browser's languages, in the
 * browser's order of preference: the first language that matches at all
 * wins, by its exact tag, else by its language (`pt-PT` → `pt-BR`, `es-MX` →
 * `es-419`, `ar-EG` → `ar-AR`); Chinese by script or region (`zh-Hant`,
 * `zh-TW` → `zh-TW`; `zh-HK`, `zh-MO`, `zh-Hant-HK` → `zh-HK`; `zh`, `zh-Hans`
 * (any region), `zh-CN`, `zh-SG` → `zh-CN`). `fallback` when none matches.
 *
 * Self-contained on purpose (no imports, no outer names): the build copies its
 * source into the startup script that picks the locale before the entry runs
 * (web/build/locale-boot-script.ts).
 */
export function matchLocale<L extends string>(
  languages: readonly string[],
  supported: readonly L[],
  fallback: L,
): L {
  for (const language of languages) {
    const tag = String(language).trim().replace(/_/g, '-').toLowerCase();
    if (tag === '') continue;
    const exact = supported.find((locale) => locale.toLowerCase() === tag);
    if (exact) return exact;
    const parts = tag.split('-');
    const base = parts[0];
    if (base === 'zh') {
      const rest = parts.slice(1);
      const simplified = rest.includes('hans');
      const hongKong = rest.includes('hk') || rest.includes('mo');
      const traditional = rest.includes('hant') || rest.includes('tw');
      const wanted = simplified ? 'zh-cn' : hongKong ? 'zh-hk' : traditional ? 'zh-tw' : 'zh-cn';
      const chinese = supported.find((locale) => locale.toLowerCase() === wanted);
      if (chinese) return chinese;
      continue;
    }
    const sameLanguage = supported.find((locale) => locale.toLowerCase().split('-')[0] === base);
    if (sameLanguage) return sameLanguage;
  }
  return fallback;
}
