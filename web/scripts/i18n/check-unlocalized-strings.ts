// Fails on a user-visible string literal in web/src that does not go through the
// catalogues (docs/translations.md, "Checks"); deliberate exceptions are listed, with
// why, in unlocalized-allowlist.json beside this file.
//
//   node --import tsx scripts/i18n/check-unlocalized-strings.ts    (from web/)
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { findUnlocalizedStrings, type UnlocalizedString } from './find-unlocalized-strings';

export type Allowlist = {
  /** Folders left out, by their path from web/ ("src/pages/admin/"), each with why. */
  folders: Record<string, string>;
  /** Single strings left as they are: the file, the text as reported, and why. */
  strings: Array<{ file: string; text: string; why: string }>;
};

/** Every unlocalized string in `dir`'s TSX files (tests aside) that the allowlist does not name. */
export function checkUnlocalizedStrings(
  projectDir: string,
  sourceDir: string,
  allowlist: Allowlist,
): UnlocalizedString[] {
  const files = readdirSync(join(projectDir, sourceDir), { recursive: true, encoding: 'utf8' })
    .map((file) =>
      relative(projectDir, join(projectDir, sourceDir, file))
        .split('\\')
        .join('/'),
    )
    .filter((file) => file.endsWith('.tsx') && !/\.test\.tsx$/.test(file))
    .filter((file) => !Object.keys(allowlist.folders).some((folder) => file.startsWith(folder)))
    .sort();
  return files.flatMap((file) =>
    findUnlocalizedStrings(file, readFileSync(join(projectDir, file), 'utf8')).filter(
      (found) =>
        !allowlist.strings.some(
          (allowed) => allowed.file === found.file && allowed.text === found.text,
        ),
    ),
  );
}

function main(): number {
  const projectDir = process.cwd();
  const allowlist = JSON.parse(
    readFileSync(new URL('./unlocalized-allowlist.json', import.meta.url), 'utf8'),
  ) as Allowlist;
  const found = checkUnlocalizedStrings(projectDir, 'src', allowlist);
  if (found.length === 0) return 0;
  console.error(
    [
      `${found.length} string(s) a person reads do not go through the catalogues (docs/translations.md):`,
      ...found.map((item) => `  ${item.file}:${item.line} ${item.where} "${item.text}"`),
      'Wrap each in <Trans> or t`…` (then npm run i18n:extract), or list it with why in web/scripts/i18n/unlocalized-allowlist.json.',
    ].join('\n'),
  );
  return 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exitCode = main();
