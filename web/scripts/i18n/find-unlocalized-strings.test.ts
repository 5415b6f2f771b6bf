import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkUnlocalizedStrings } from './check-unlocalized-strings';
import { findUnlocalizedStrings } from './find-unlocalized-strings';

const texts = (source: string) =>
  findUnlocalizedStrings('x.tsx', source).map((found) => found.text);

describe('findUnlocalizedStrings', () => {
  it('flags JSX text, the attributes a person reads, and literals a JSX expression shows', () => {
    const source = `export const A = ({ busy }: { busy: boolean }) => (
      <section aria-label="Profile" title={busy ? 'Saving' : 'Idle'}>
        <h2>Your profile</h2>
        <img alt="A photo" src="/a.png" />
        <p>{busy ? 'Saving…' : \`Saved at \${1}\`}</p>
        <p>{name ?? 'Anonymous'}</p>
      </section>
    );`;
    expect(texts(source)).toEqual([
      'Profile',
      'Saving',
      'Idle',
      'Your profile',
      'A photo',
      'Saving…',
      'Saved at …',
      'Anonymous',
    ]);
  });

  it('lets through what goes through the catalogues, and what has no letter', () => {
    const source = `export const A = ({ n }: { n: number }) => {
      const { t } = useLingui();
      return (
        <section aria-label={t\`Profile\`} className="card" data-testid="profile">
          <h2><Trans>Your <strong>profile</strong></Trans></h2>
          <p>{n} · {'✓'} {n > 1 ? '—' : '0.01'}</p>
          <p>{t\`Saved\`}</p>
        </section>
      );
    };`;
    expect(texts(source)).toEqual([]);
  });

  it('says where each string is', () => {
    expect(findUnlocalizedStrings('src/a.tsx', 'const a = <b>\n  Hello\n</b>;')).toEqual([
      { file: 'src/a.tsx', line: 2, text: 'Hello', where: 'JSX text' },
    ]);
  });
});

describe('checkUnlocalizedStrings', () => {
  it('leaves out the allowlisted strings and folders, and tests', () => {
    const project = mkdtempSync(join(tmpdir(), 'sigil-unlocalized-'));
    try {
      mkdirSync(join(project, 'src', 'admin'), { recursive: true });
      writeFileSync(join(project, 'src', 'a.tsx'), 'export const a = <p>Sigil <b>Hello</b></p>;');
      writeFileSync(join(project, 'src', 'a.test.tsx'), 'export const t = <p>Test</p>;');
      writeFileSync(join(project, 'src', 'admin', 'b.tsx'), 'export const b = <p>Later</p>;');
      const found = checkUnlocalizedStrings(project, 'src', {
        folders: { 'src/admin/': 'wrapped elsewhere' },
        strings: [{ file: 'src/a.tsx', text: 'Sigil', why: 'a name' }],
      });
      expect(found.map((item) => `${item.file} ${item.text}`)).toEqual(['src/a.tsx Hello']);
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  });
});
