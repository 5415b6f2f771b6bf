import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readPoCatalogue, translationIn } from '@sigil/locales';

/**
 * What the page says for `source` in `locale`, from the locale's catalogue
 * (web/src/locales/<locale>/messages.po, or admin.po for the console's words:
 * docs/translations.md, "Three catalogues"); throws when it is not translated,
 * so a test of a translated page fails on a missing translation rather than
 * passing on English.
 */
export function catalogueText(
  locale: string,
  source: string,
  catalogue: 'messages' | 'admin' = 'messages',
): string {
  const po = readFileSync(
    fileURLToPath(new URL(`../../src/locales/${locale}/${catalogue}.po`, import.meta.url)),
    'utf8',
  );
  const translation = translationIn(readPoCatalogue(po), { message: source });
  if (translation === null) throw new Error(`"${source}" has no ${locale} translation`);
  return translation;
}

/** RainbowKit's own catalogue for a locale ("ja_JP"), as its dialog reads it. */
export async function rainbowKitWords(locale: string): Promise<Record<string, unknown>> {
  const require = createRequire(import.meta.url);
  const dist = dirname(require.resolve('@rainbow-me/rainbowkit'));
  const file = readdirSync(dist).find(
    (name) => name.startsWith(`${locale}-`) && name.endsWith('.js'),
  );
  if (!file) throw new Error(`RainbowKit ships no ${locale} catalogue`);
  const module = (await import(join(dist, file))) as { default: string };
  return JSON.parse(module.default) as Record<string, unknown>;
}
