// The catalogue checks of `npm test` (docs/translations.md, "Checks"):
//   --extracted  `npm run i18n:extract` would change no catalogue: every message in the code
//                is in them, none is left that the code no longer has, their comments are current;
//   --complete   every locale translates every message: Lingui's strict compile accepts them.
// Both work on a copy of the catalogues beside a config of their own, so nothing in the
// repository is written.
//
//   node --import tsx scripts/i18n/check-catalogues.ts --extracted|--complete   (from web/)
import { execFile } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify, stripVTControlCharacters } from 'node:util';

const run = promisify(execFile);

export type CatalogueCheckParameters = {
  /** The project: its `lingui.config.ts`, whose catalogues (one or more) are at `<rootDir>/<locales>/{locale}/<name>.po`. */
  projectDir: string;
  /** Where the catalogues are, from the project. @default 'src/locales' */
  localesDir?: string;
};

export type CatalogueCheckResult = { ok: boolean; problems: string[] };

/** The catalogue files under `dir`, relative to it (`ja-JP/messages.po`). */
function catalogueFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.po'))
    .sort();
}

/**
 * A copy of the project's catalogues in a folder of its own, and a Lingui
 * config that is the project's except for where the catalogues are. The
 * folder is inside the project's node_modules, so the config resolves the
 * same packages the project's does.
 */
function copyCatalogues({ projectDir, localesDir = 'src/locales' }: CatalogueCheckParameters) {
  const cache = join(projectDir, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(join(cache, 'sigil-i18n-check-'));
  const locales = resolve(projectDir, localesDir);
  cpSync(locales, join(dir, 'locales'), {
    recursive: true,
    filter: (source) => !/\.(js|ts|mjs)$/.test(source),
  });
  const configPath = join(dir, 'lingui.config.mjs');
  const base = pathToFileURL(join(projectDir, 'lingui.config.ts')).href;
  writeFileSync(
    configPath,
    `import base from ${JSON.stringify(base)};
const from = ${JSON.stringify(`<rootDir>/${localesDir}/`)};
export default {
  ...base,
  rootDir: ${JSON.stringify(projectDir)},
  catalogs: base.catalogs.map((catalog) => ({
    ...catalog,
    path: catalog.path.replace(from, ${JSON.stringify(`${join(dir, 'locales')}/`)}),
  })),
};
`,
  );
  return { dir, configPath, locales, copy: join(dir, 'locales') };
}

function linguiBin(projectDir: string): string {
  // The package exports no path to its command: it sits beside its main module.
  const main = createRequire(join(projectDir, 'package.json')).resolve('@lingui/cli');
  return join(dirname(main), 'lingui.js');
}

async function lingui(projectDir: string, args: string[]) {
  return run(process.execPath, [linguiBin(projectDir), ...args], {
    cwd: projectDir,
    maxBuffer: 64 * 1024 * 1024,
  });
}

/** Extraction, run on the copy, leaves every catalogue as it is in the repository. */
export async function checkExtracted(
  parameters: CatalogueCheckParameters,
): Promise<CatalogueCheckResult> {
  const { dir, configPath, locales, copy } = copyCatalogues(parameters);
  try {
    await lingui(parameters.projectDir, [
      'extract',
      '--clean',
      '--workers',
      '1',
      '--config',
      configPath,
    ]);
    const before = catalogueFiles(locales);
    const after = catalogueFiles(copy);
    const problems = [...new Set([...before, ...after])]
      .filter((file) => {
        const read = (root: string) => {
          try {
            return readFileSync(join(root, file), 'utf8');
          } catch {
            return null;
          }
        };
        return read(locales) !== read(copy);
      })
      .map(
        (file) =>
          `${relative(parameters.projectDir, join(locales, file))} is not what \`npm run i18n:extract\` writes: run it and commit the result`,
      );
    return { ok: problems.length === 0, problems };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Lingui's strict compile, on the copy: it refuses a catalogue with a message not translated. */
export async function checkComplete(
  parameters: CatalogueCheckParameters,
): Promise<CatalogueCheckResult> {
  const { dir, configPath } = copyCatalogues(parameters);
  try {
    await lingui(parameters.projectDir, [
      'compile',
      '--strict',
      '--workers',
      '1',
      '--config',
      configPath,
    ]);
    return { ok: true, problems: [] };
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    const report = `${stdout}\n${stderr}`
      .split('\n')
      .map((line) => stripVTControlCharacters(line).trimEnd())
      .filter((line) => line.trim() !== '');
    return { ok: false, problems: report.length > 0 ? report : [String(error)] };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(argv: readonly string[]) {
  const check = argv.includes('--complete')
    ? checkComplete
    : argv.includes('--extracted')
      ? checkExtracted
      : null;
  if (!check) {
    console.error('usage: check-catalogues.ts --extracted | --complete');
    return 2;
  }
  const result = await check({ projectDir: process.cwd() });
  if (result.ok) return 0;
  console.error(result.problems.join('\n'));
  return 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await main(process.argv.slice(2));
}
