import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkComplete, checkExtracted } from './check-catalogues';

const run = promisify(execFile);
// Vitest runs from web/ (its config is there); jsdom gives this module no file: URL to start from.
const web = process.cwd();
let project: string;

/** A project of one source file and two locales, inside web/ so it resolves Lingui's packages. */
beforeAll(async () => {
  const cache = join(web, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  project = mkdtempSync(join(cache, 'sigil-i18n-fixture-'));
  mkdirSync(join(project, 'src'));
  writeFileSync(join(project, 'package.json'), '{ "type": "module" }\n');
  writeFileSync(
    join(project, 'lingui.config.ts'),
    `import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'fr'],
  catalogs: [{ path: '<rootDir>/src/locales/{locale}/messages', include: ['<rootDir>/src'] }],
  format: formatter({ lineNumbers: false }),
});
`,
  );
  writeSource(['Hello']);
  const cli = join(web, '..', 'node_modules', '@lingui', 'cli', 'dist', 'lingui.js');
  // Twice, as `npm run i18n:extract` has been run on the real catalogues: Lingui's first run
  // writes a shorter PO header than every later one.
  for (let pass = 0; pass < 2; pass++) {
    await run(process.execPath, [cli, 'extract', '--clean', '--workers', '1'], { cwd: project });
  }
}, 120_000);

afterAll(() => {
  rmSync(project, { recursive: true, force: true });
});

function writeSource(messages: string[]) {
  writeFileSync(
    join(project, 'src', 'greeting.ts'),
    `import { t } from '@lingui/core/macro';\nexport const words = () => [${messages.map((message) => `t\`${message}\``).join(', ')}];\n`,
  );
}

function translateFrench(source: string, translation: string) {
  const file = join(project, 'src', 'locales', 'fr', 'messages.po');
  const po = readFileSync(file, 'utf8');
  writeFileSync(
    file,
    po.replace(`msgid "${source}"\nmsgstr ""`, `msgid "${source}"\nmsgstr "${translation}"`),
  );
}

describe('checkExtracted', () => {
  it('passes while the catalogues are what extraction writes, and fails once the code has a message they lack', async () => {
    expect(await checkExtracted({ projectDir: project })).toEqual({ ok: true, problems: [] });
    writeSource(['Hello', 'Goodbye']);
    const result = await checkExtracted({ projectDir: project });
    expect(result.ok).toBe(false);
    expect(result.problems.join('\n')).toMatch(
      /src\/locales\/en\/messages\.po is not what `npm run i18n:extract` writes/,
    );
    // Checked on a copy: the project's catalogues are as they were.
    expect(
      readFileSync(join(project, 'src', 'locales', 'en', 'messages.po'), 'utf8'),
    ).not.toContain('Goodbye');
    writeSource(['Hello']);
  }, 120_000);
});

describe('checkComplete', () => {
  it('fails while a locale lacks a translation, and passes once every message is translated', async () => {
    const missing = await checkComplete({ projectDir: project });
    expect(missing.ok).toBe(false);
    expect(missing.problems.join('\n')).toMatch(/fr/);
    translateFrench('Hello', 'Bonjour');
    expect(await checkComplete({ projectDir: project })).toEqual({ ok: true, problems: [] });
  }, 120_000);
});
