import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { filesThatMock } from './files-that-mock.js';

// Written apart so that this file is not itself one that mocks.
const MOCK = `vi.${'mock'}`;
const DO_MOCK = `vi.${'doMock'}`;

describe('filesThatMock', () => {
  let root: string | undefined;
  afterEach(() => {
    if (root) rmSync(root, { recursive: true, force: true });
  });

  function tree(files: Record<string, string>): string {
    root = mkdtempSync(join(tmpdir(), 'sigil-files-that-mock-'));
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    return root;
  }

  it('names the test files that replace a module with vi.mock or vi.doMock, in the folders given', () => {
    const dir = tree({
      'test/a/mocks.test.ts': `${MOCK}('../x.js', () => ({}));`,
      'test/b/does-mock.test.ts': `${DO_MOCK}('../x.js');`,
      'test/plain.test.ts': `it('adds', () => {});`,
      'src/deep/er/mocks-too.test.ts': `${MOCK}('./y.js');`,
      'other/mocks.test.ts': `${MOCK}('./z.js');`,
    });
    expect(filesThatMock(dir, ['test', 'src'])).toEqual([
      'src/deep/er/mocks-too.test.ts',
      'test/a/mocks.test.ts',
      'test/b/does-mock.test.ts',
    ]);
  });

  it('leaves out what is not a test file, and node_modules', () => {
    const dir = tree({
      'test/support/helper.ts': `${MOCK}('./x.js');`,
      'test/node_modules/pkg/index.test.ts': `${MOCK}('./x.js');`,
      'test/spy.test.ts': `vi.spyOn(process, 'exit');`,
    });
    expect(filesThatMock(dir, ['test'])).toEqual([]);
  });
});
