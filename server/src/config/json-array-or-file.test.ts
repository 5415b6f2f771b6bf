import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jsonArrayOrFile } from './json-array-or-file.js';
import { firstMessage } from './value-schemas.js';

const hooks = jsonArrayOrFile(z.strictObject({ id: z.string(), url: z.url() }), {
  items: 'hooks',
  max: 2,
  uniqueBy: 'id',
});
const problem = (text: string) => {
  const parsed = hooks.safeParse(text);
  if (parsed.success) throw new Error('expected a problem');
  return firstMessage(parsed.error);
};

describe('jsonArrayOrFile', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sigil-json-array-'));
  afterAll(() => rmSync(dir, { recursive: true }));

  it('reads the array itself, each item through its schema', () => {
    expect(hooks.parse('[{"id":"a","url":"https://a.example"}]')).toEqual([
      { id: 'a', url: 'https://a.example' },
    ]);
  });

  it('reads the array from the file a value that is no array names', () => {
    const path = join(dir, 'hooks.json');
    writeFileSync(path, '[{"id":"b","url":"https://b.example"}]');
    expect(hooks.parse(path)).toEqual([{ id: 'b', url: 'https://b.example' }]);
  });

  it('says what is wrong in one line, naming where', () => {
    expect(problem('[{')).toBe('is not valid JSON (expected an array of hooks)');
    expect(problem('/no/such/hooks.json')).toBe(
      'is neither a JSON array nor an existing file ("/no/such/hooks.json")',
    );
    expect(problem(dir)).toBe(`"${dir}" cannot be read (EISDIR)`);
    expect(problem('[{"id":"a","url":"nope"}]')).toMatch(/^0\.url /);
    const object = join(dir, 'object.json');
    writeFileSync(object, '{"id":"a"}');
    expect(problem(object)).toMatch(/^the value /);
    expect(problem('[{"id":"a","url":"https://a.example","extra":1}]')).toMatch(/^0 /);
    expect(problem(JSON.stringify(Array(3).fill({ id: 'a', url: 'https://a.example' })))).toMatch(
      /^the value .*2/,
    );
    expect(
      problem('[{"id":"a","url":"https://a.example"},{"id":"a","url":"https://b.example"}]'),
    ).toBe('id "a" is listed twice');
  });
});
