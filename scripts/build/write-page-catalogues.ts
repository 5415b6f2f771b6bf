// `node --conditions=source --import tsx scripts/build/write-page-catalogues.ts [outDir]`:
// compiles the words of the server's own pages from the web app's catalogues
// (web/src/locales/<locale>/server.po) into one JSON file per locale, which the
// server reads (docs/translations.md, "The server's pages"). Into
// server/src/i18n/generated/page-catalogues for the server run from its sources,
// or into a server build's own folder.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { readPoCatalogue, SUPPORTED_LOCALES } from '@sigil/locales';
import { compilePageCatalogue } from '../../server/src/i18n/compile-page-catalogue.js';
import { PAGE_MESSAGES } from '../../server/src/i18n/page-messages.js';
import { repoRoot } from './build-parts.js';

/** The web app's catalogues, one folder per locale. */
export const WEB_CATALOGUES_DIR = join(repoRoot, 'web/src/locales');

/** Where the server run from its sources finds its page catalogues. */
export const SOURCE_PAGE_CATALOGUES_DIR = join(
  repoRoot,
  'server/src/i18n/generated/page-catalogues',
);

/** Where a server build (tsc's outDir) finds its page catalogues: the same place below it. */
export const builtPageCataloguesDir = (outDir: string) =>
  join(outDir, 'i18n/generated/page-catalogues');

/** Writes `<locale>.json` for each locale with a server.po; a locale without one reads in English. */
export function writePageCatalogues(
  outDir: string = SOURCE_PAGE_CATALOGUES_DIR,
  cataloguesDir: string = WEB_CATALOGUES_DIR,
): void {
  mkdirSync(outDir, { recursive: true });
  for (const locale of SUPPORTED_LOCALES) {
    const poFile = join(cataloguesDir, locale, 'server.po');
    if (!existsSync(poFile)) continue;
    const compiled = compilePageCatalogue(
      readPoCatalogue(readFileSync(poFile, 'utf8')),
      PAGE_MESSAGES,
    );
    writeFileSync(join(outDir, `${locale}.json`), `${JSON.stringify(compiled)}\n`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  writePageCatalogues(process.argv[2] ?? SOURCE_PAGE_CATALOGUES_DIR);
}
